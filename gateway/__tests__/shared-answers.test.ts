// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse, type FormattedExecutionResult } from "graphql";
import { UnsecuredJWT } from "jose";
import { inMemoryBus } from "../../lib/pubsub.js";
import { createLogger } from "../../lib/logger.js";
import type { SubscriptionDeclaration } from "../../lib/modules/subscriptions.js";
import { DeclaredSubscriptions, type ExecuteThroughGateway } from "../subscriptions/declared-subscriptions.js";
import { subscriptionQueryOf } from "../subscriptions/subscription-operation.js";

const FEED: SubscriptionDeclaration = { field: "feed", topic: "feed-events", match: { argument: "id", eventKey: "id" }, eventArgument: { argument: "version", eventKey: "version" } };
const bearer = (sub: string, scope: string) => `Bearer ${new UnsecuredJWT({ sub, scope }).encode()}`;
const subjectOf = (authorization: string | undefined) => JSON.parse(Buffer.from(authorization!.split(".")[1], "base64url").toString()).sub as string;

/** Subscribers (by token subject) following `feed(id: "1")`; `answer` is what the graph answers each reader. */
async function following(declaration: SubscriptionDeclaration, tokens: Record<string, string>, answer: (subject: string, version: unknown) => FormattedExecutionResult, ownReadEveryMs = 60_000) {
  const eventReads: string[] = [];
  const execute: ExecuteThroughGateway = async ({ authorization, variables, subscriptionEvent }) => {
    if (subscriptionEvent) eventReads.push(subjectOf(authorization));
    return answer(subjectOf(authorization), Object.values(variables).at(-1));
  };
  const bus = inMemoryBus();
  const subscriptions = new DeclaredSubscriptions(execute, bus, createLogger("silent"), [declaration], ownReadEveryMs);
  await subscriptions.start();
  const request = subscriptionQueryOf(subscriptions.declarations, parse(`subscription { feed(id: "1") { version } }`), {});
  const queues = Object.fromEntries(Object.entries(tokens).map(([subject, scope]) => [subject, subscriptions.subscribe(request, { authorization: bearer(subject, scope), clientAddress: `198.51.100.${subject.length}` })]));
  for (const queue of Object.values(queues)) await queue.next();
  /** Publishes version `version` and answers what each subscriber received next (undefined: its stream ended). */
  const publish = async (version: number) => {
    eventReads.length = 0;
    await bus.publish("feed-events", { id: "1", version });
    return Object.fromEntries(await Promise.all(Object.entries(queues).map(async ([subject, queue]) => [subject, (await queue.next()).value])));
  };
  return { subscriptions, publish, eventReads };
}

const versionAnswer = (_subject: string, version: unknown) => ({ data: { feed: { version: Number(version) } } });

test("answers alike across callers: one read per event serves every subscriber whose token grants the same scopes", async () => {
  const { subscriptions, publish, eventReads } = await following({ ...FEED, answerDependsOn: "scopes" }, { ann: "read", bob: "read", cy: "read", dee: "write read" }, versionAnswer);
  for (const version of [1, 2]) {
    const received = await publish(version);
    assert.deepEqual(Object.values(received), Array.from({ length: 4 }, () => ({ data: { feed: { version } } })));
    assert.equal(eventReads.length, 2, `one read per set of scopes, not per subscriber: ${eventReads.join(", ")}`);
    assert.ok(eventReads.includes("dee"));
  }
  await subscriptions.stop();
});

test("a peer's read that failed is not taken as another's: each reads with its own credentials", async () => {
  const refusedAnn = (subject: string, version: unknown) =>
    subject === "ann" ? { data: null, errors: [{ message: "Design not found", extensions: { code: "NOT_FOUND" } }] } : versionAnswer(subject, version);
  const { subscriptions, publish, eventReads } = await following({ ...FEED, answerDependsOn: "scopes" }, { ann: "read", bob: "read", cy: "read" }, (subject, version) =>
    version === "1" ? refusedAnn(subject, version) : versionAnswer(subject, version),
  );
  const received = await publish(1);
  assert.equal(received.ann.errors[0].extensions.code, "NOT_FOUND");
  assert.deepEqual([received.bob, received.cy], [{ data: { feed: { version: 1 } } }, { data: { feed: { version: 1 } } }]);
  assert.deepEqual(eventReads.sort(), ["ann", "bob", "cy"]);
  await subscriptions.stop();
});

test("each subscriber reads with its own credentials again within ownReadEveryMs: one its team no longer admits is refused, the others go on", async () => {
  let bobLeftTheTeam = false;
  const answer = (subject: string, version: unknown) =>
    subject === "bob" && bobLeftTheTeam ? { data: null, errors: [{ message: "Design not found", extensions: { code: "NOT_FOUND" } }] } : versionAnswer(subject, version);
  const { subscriptions, publish, eventReads } = await following({ ...FEED, answerDependsOn: "scopes" }, { ann: "read", bob: "read", cy: "read" }, answer, 1000);
  assert.equal(Object.keys(await publish(1)).length, 3);
  assert.equal(eventReads.length, 1, "within the interval, one read serves all");
  bobLeftTheTeam = true;
  await new Promise((resolve) => setTimeout(resolve, 1050));
  const received = await publish(2);
  assert.deepEqual(eventReads.sort(), ["ann", "bob", "cy"], "past the interval, each reads on its own");
  assert.equal(received.bob.errors[0].extensions.code, "NOT_FOUND");
  assert.deepEqual([received.ann, received.cy], [{ data: { feed: { version: 2 } } }, { data: { feed: { version: 2 } } }]);
  await subscriptions.stop();
});

test("a token past its expiry reads every event with its own credentials, and is refused", async () => {
  const expired = (subject: string, version: unknown) =>
    subject === "bob" ? { data: null, errors: [{ message: "Access token is invalid", extensions: { code: "UNAUTHENTICATED" } }] } : versionAnswer(subject, version);
  const bus = inMemoryBus();
  const eventReads: string[] = [];
  let bobExpired = false;
  const execute: ExecuteThroughGateway = async ({ authorization, variables, subscriptionEvent }) => {
    if (subscriptionEvent) eventReads.push(subjectOf(authorization));
    return (bobExpired ? expired : versionAnswer)(subjectOf(authorization), Object.values(variables).at(-1));
  };
  const subscriptions = new DeclaredSubscriptions(execute, bus, createLogger("silent"), [{ ...FEED, answerDependsOn: "scopes" }], 60_000);
  await subscriptions.start();
  const request = subscriptionQueryOf(subscriptions.declarations, parse(`subscription { feed(id: "1") { version } }`), {});
  const expiresAt = Math.floor(Date.now() / 1000) + 1;
  const tokens = { ann: new UnsecuredJWT({ sub: "ann", scope: "read" }).encode(), bob: new UnsecuredJWT({ sub: "bob", scope: "read" }).setExpirationTime(expiresAt).encode() };
  const queues = Object.values(tokens).map((token) => subscriptions.subscribe(request, { authorization: `Bearer ${token}` }));
  for (const queue of queues) await queue.next();
  await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
  bobExpired = true;
  await bus.publish("feed-events", { id: "1", version: 1 });
  const [ann, bob] = await Promise.all(queues.map(async (queue) => (await queue.next()).value));
  assert.deepEqual(ann, { data: { feed: { version: 1 } } });
  assert.equal(bob.errors[0].extensions.code, "UNAUTHENTICATED");
  assert.deepEqual(eventReads.sort(), ["ann", "bob"]);
  await subscriptions.stop();
});

test("fields that do not declare alike answers, and tokens without scopes, read with their own credentials at every event", async () => {
  for (const [declaration, scope] of [[FEED, "read"], [{ ...FEED, answerDependsOn: "scopes" as const }, undefined]] as const) {
    const bus = inMemoryBus();
    let eventReads = 0;
    const execute: ExecuteThroughGateway = async ({ subscriptionEvent, variables }) => {
      if (subscriptionEvent) eventReads++;
      return versionAnswer("", Object.values(variables).at(-1));
    };
    const subscriptions = new DeclaredSubscriptions(execute, bus, createLogger("silent"), [declaration], 60_000);
    await subscriptions.start();
    const request = subscriptionQueryOf(subscriptions.declarations, parse(`subscription { feed(id: "1") { version } }`), {});
    const authorizations = ["ann", "bob"].map((sub) => (scope ? bearer(sub, scope) : `Bearer ${new UnsecuredJWT({ sub }).encode()}`));
    const queues = authorizations.map((authorization) => subscriptions.subscribe(request, { authorization }));
    for (const queue of queues) await queue.next();
    await bus.publish("feed-events", { id: "1", version: 1 });
    for (const queue of queues) assert.deepEqual((await queue.next()).value, { data: { feed: { version: 1 } } });
    assert.equal(eventReads, 2);
    await subscriptions.stop();
  }
});
