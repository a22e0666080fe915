// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { ASSET_SCOPES, base64Name, finishedJob, png, postUpload } from "../../../testing/assets.js";
import { COMMENT_SCOPES, startCommentPlatform, type CommentPlatform } from "../../../testing/comments.js";
import { DESIGN_SCOPES } from "../../../testing/designs.js";
import { approvedIntegration, basic, obtainTokens, oauthPost, type Integration } from "../../../testing/oauth.js";
import { deliveriesOf, deliveriesWhen, IntegrationBackend, NOTIFICATION_SCOPES, setWebhook, WebhookReceiver, type Notification } from "../../../testing/webhooks.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";

const ALL_SCOPES = `${DESIGN_SCOPES} ${COMMENT_SCOPES} ${ASSET_SCOPES} ${NOTIFICATION_SCOPES}`;
/** What a user grants an integration that is to hear of comments: Canva's scopes for comment notifications, and the design and comment scopes the tests act with. */
const WATCHING_SCOPES = `${DESIGN_SCOPES} ${COMMENT_SCOPES} collaboration:event`;
const RETRY_BASE_MS = 300;
/** How long a delivery waits for a receiver that never answers: longer than five deliveries take on a loaded machine. */
const SLOW_RECEIVER_TIMEOUT_MS = 15_000;

let c: CommentPlatform;
const receivers: WebhookReceiver[] = [];
/** Each receiver's integration, to verify every body it was sent. */
const backendOf = new Map<WebhookReceiver, IntegrationBackend>();
/** Bodies of deliveries recorded in the old envelope (before notifications): verified, but not notifications. */
const envelopeBodies = new Set<string>();
const http = () => c.t.http;

/** An integration of the cast's STAFF member with a webhook to a new receiver (`events` absent: as Canva's portal sets it up), and the client's token for it. */
async function integrationWithWebhook(events: string[] | undefined, tokenScope = WATCHING_SCOPES) {
  const app: Integration = await approvedIntegration(http(), c.p, ALL_SCOPES);
  const receiver = await WebhookReceiver.start();
  receivers.push(receiver);
  backendOf.set(receiver, new IntegrationBackend(http(), c.t.config.publicUrl, app.clientId));
  const set = await setWebhook(http(), c.p.staff, app.clientId, receiver.url, events);
  assert.equal(set.body.errors, undefined, set.text);
  const tokens = await obtainTokens(http(), app, c.p.client, tokenScope);
  return { app, receiver, token: tokens.access_token, refreshToken: tokens.refresh_token, backend: backendOf.get(receiver)! };
}

async function newDesign(token: string): Promise<string> {
  const created = await http().post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Watched" }, { token });
  assert.equal(created.status, 200, created.text);
  return created.body.design.id;
}

async function thread(token: string, designId: string, message: string, assigneeId?: string): Promise<string> {
  const response = await http().post(`/v1/designs/${designId}/comments`, { message_plaintext: message, ...(assigneeId ? { assignee_id: assigneeId } : {}) }, { token });
  assert.equal(response.status, 200, response.text);
  return response.body.thread.id;
}

async function replyTo(token: string, designId: string, threadId: string, message: string): Promise<string> {
  const response = await http().post(`/v1/designs/${designId}/comments/${threadId}/replies`, { message_plaintext: message }, { token });
  assert.equal(response.status, 200, response.text);
  return response.body.reply.id;
}

/** Resolves a comment thread through the graph. */
async function resolve(token: string, designId: string, threadId: string): Promise<void> {
  const response = await http().graphql(`mutation($d: ID!, $t: ID!) { resolveCommentThread(designId: $d, threadId: $t) { id } }`, { d: designId, t: threadId }, token);
  assert.equal(response.body.errors, undefined, response.text);
}

/** A suggestion thread made through the graph (as the editor makes them); its id. */
async function suggest(token: string, designId: string, edits: unknown[]): Promise<string> {
  const response = await http().graphql(`mutation($d: ID!, $e: [SuggestedEditInput!]!) { createSuggestionThread(designId: $d, suggestedEdits: $e) { id } }`, { d: designId, e: edits }, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data!.createSuggestionThread.id;
}

/** What a notification is about, in a few words: `comment/new`, `suggestion/mention`, `design_mention`. */
function what(notification: Notification): string {
  const { content } = notification;
  const type = content.comment_event?.type ?? content.suggestion_event_type?.type;
  return type ? `${content.type}/${type}` : content.type;
}

/** Every recorded event has been fanned out into deliveries. */
async function eventsFannedOut(): Promise<void> {
  const db = c.t.platform.runtime.db.prisma;
  while ((await db.job.count({ where: { kind: "integration_event", status: "in_progress" } })) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** `webhook_delivery_attempts_total` by outcome, as Prometheus scrapes it. */
async function attemptCounters(): Promise<Record<"delivered" | "retry" | "failed", number>> {
  const text = (await http().get("/metrics")).text;
  const count = (outcome: string) => Number(text.match(new RegExp(`^webhook_delivery_attempts_total\\{outcome="${outcome}"\\} (\\d+)`, "m"))?.[1] ?? 0);
  return { delivered: count("delivered"), retry: count("retry"), failed: count("failed") };
}

before(async () => {
  c = await startCommentPlatform({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), WEBHOOK_TIMEOUT_MS: String(SLOW_RECEIVER_TIMEOUT_MS) }, [...DESIGN_DOMAINS, "comments", "exports", "webhooks"]);
});
after(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await c.t.stop();
});

describe("setting an integration's webhook", () => {
  test("its owner sets it; anyone else's attempt is 404 or 401; bad input is a 400 that changes nothing", async () => {
    const app = await approvedIntegration(http(), c.p, ALL_SCOPES);
    const set = await setWebhook(http(), c.p.staff, app.clientId, "http://127.0.0.1:9/hooks", ["comment", "job_finished", "comment"]);
    assert.deepEqual(set.body.data?.setIntegrationWebhook, { url: "http://127.0.0.1:9/hooks", events: ["comment", "job_finished"] }, set.text);

    for (const stranger of [c.p.client, c.p.admin]) {
      const refused = await setWebhook(http(), stranger, app.clientId, "http://127.0.0.1:10/steal", ["comment"]);
      assert.equal(refused.body.errors?.[0]?.extensions.code, "NOT_FOUND", refused.text);
    }
    const anonymous = await http().graphql(`mutation($id: ID!) { removeIntegrationWebhook(clientId: $id) }`, { id: app.clientId });
    assert.equal(anonymous.body.errors?.[0]?.extensions.code, "UNAUTHENTICATED", anonymous.text);

    for (const [url, events, field] of [
      ["http://127.0.0.1:9/hooks", [], "events"],
      ["ftp://127.0.0.1/hooks", ["comment"], "url"],
      ["http://user:secret@127.0.0.1/hooks", ["comment"], "url"],
      ["not a url", ["comment"], "url"],
      [`http://127.0.0.1/${"x".repeat(2100)}`, ["comment"], "url"],
      ["http://no-such-host.invalid/hooks", ["comment"], "url"],
    ] as const) {
      const refused = await setWebhook(http(), c.p.staff, app.clientId, url, [...events]);
      assert.equal(refused.body.errors?.[0]?.extensions.code, "BAD_USER_INPUT", `${url}: ${refused.text}`);
      assert.equal(refused.body.errors?.[0]?.extensions.field, field, refused.text);
    }
    const unknownKind = await setWebhook(http(), c.p.staff, app.clientId, "http://127.0.0.1:9/hooks", ["everything"]);
    assert.equal(unknownKind.status, 400, unknownKind.text);

    const mine = await http().graphql(`{ myIntegrations { clientId webhook { url events } } }`, {}, c.p.staff.token);
    const listed = mine.body.data!.myIntegrations.find((integration: { clientId: string }) => integration.clientId === app.clientId);
    assert.deepEqual(listed.webhook, { url: "http://127.0.0.1:9/hooks", events: ["comment", "job_finished"] });
    const theirs = await http().graphql(`{ myIntegrations { clientId } }`, {}, c.p.client.token);
    assert.equal(theirs.body.data!.myIntegrations.some((integration: { clientId: string }) => integration.clientId === app.clientId), false);

    const removed = await http().graphql(`mutation($id: ID!) { removeIntegrationWebhook(clientId: $id) }`, { id: app.clientId }, c.p.staff.token);
    assert.equal(removed.body.data?.removeIntegrationWebhook, true, removed.text);
  });

  test("changes are limited to 30 a minute per user, whoever's integration they aim at", async () => {
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => http().graphql(`mutation($id: ID!) { removeIntegrationWebhook(clientId: $id) }`, { id: "OC-not-mine" }, c.p.otherClient.token)),
    );
    const codes = answers.map((answer) => answer.body.errors?.[0]?.extensions.code);
    assert.equal(codes.filter((code) => code === "NOT_FOUND").length, 30, JSON.stringify(codes));
    const limited = answers.filter((answer) => answer.body.errors?.[0]?.extensions.code === "RATE_LIMITED");
    assert.equal(limited.length, 2);
    assert.ok(limited[0].body.errors![0].extensions.retryAfter >= 1);
  });
});

describe("comment and mention events", () => {
  test("reach the integrations the design's owner and the mentioned user authorized, as the specification's notifications, signed with a published key", async () => {
    const watcher = await integrationWithWebhook(["comment", "design_mention"]);
    const blind = await integrationWithWebhook(["comment", "design_mention", "job_finished"], DESIGN_SCOPES);
    const uninvited = await integrationWithWebhook(["comment", "design_mention"], `${DESIGN_SCOPES} ${COMMENT_SCOPES}`);
    const designId = await newDesign(watcher.token);
    const clientTag = `U${c.p.client.userId}:${c.teamId}`;
    const threadId = await thread(c.teammateCommenter, designId, `Please check [${clientTag}]`, `U${c.p.client.userId}`);

    const bodies = await watcher.receiver.received(3);
    const verified = await Promise.all(bodies.map((request) => watcher.backend.verify(request.body)));
    const byWhat = Object.fromEntries(verified.map(({ notification }) => [what(notification), notification]));
    assert.deepEqual(Object.keys(byWhat).sort(), ["comment/assigned", "comment/new", "design_mention"], "the owner's new comment; the assignee's (also mentioned) assignment and mention");
    const client = { user_id: `U${c.p.client.userId}`, team_id: c.teamId, display_name: "Cleo Client" };
    for (const { claims, notification } of verified) {
      assert.equal(claims.exp! - claims.iat!, 300, "valid five minutes from the attempt");
      assert.deepEqual(notification.content.receiving_team_user, client);
      assert.deepEqual(notification.content.triggering_user, { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" });
      assert.equal(notification.content.design.id, designId);
      assert.equal(notification.content.design.title, "Watched");
      assert.match(notification.content.design.urls.edit_url, new RegExp(`^${c.t.config.publicUrl}/designs/${designId}/edit\\?token=`));
      assert.ok(Math.abs(notification.created_at - Date.now() / 1000) < 60);
    }
    const created = byWhat["comment/new"].content.comment_event;
    assert.equal(created.comment.id, threadId);
    assert.deepEqual(created.comment.thread_type.content, { plaintext: `Please check [${clientTag}]` });
    assert.deepEqual(created.comment.thread_type.mentions, { [clientTag]: { tag: clientTag, user: client } });
    assert.deepEqual(created.comment.thread_type.assignee, { id: client.user_id, display_name: "Cleo Client" });
    assert.ok(created.comment_url.startsWith(byWhat["comment/new"].content.design.urls.edit_url));
    assert.deepEqual(byWhat["comment/new"].content.comment, { type: "comment", data: { type: "parent", id: threadId, attached_to: { type: "design", design_id: designId }, message: `Please check [${clientTag}]`, author: { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" }, created_at: created.comment.created_at, updated_at: created.comment.updated_at, mentions: { [clientTag]: client }, assignee: { id: client.user_id, display_name: "Cleo Client" } } }, "the deprecated `comment` too");
    assert.equal(byWhat["comment/assigned"].content.comment_event.comment.id, threadId);
    assert.deepEqual(Object.keys(byWhat.design_mention.content).sort(), ["design", "receiving_team_user", "triggering_user", "type"]);
    assert.equal(bodies[0].headers["content-type"], "application/jwt");

    const published = (await http().get("/v1/connect/keys")).body.keys.map((key: { kid: string }) => key.kid);
    assert.ok(published.includes(verified[0].kid), "signed with a key /v1/connect/keys publishes");
    await assert.rejects(new IntegrationBackend(http(), c.t.config.publicUrl, blind.app.clientId).verify(bodies[0].body), /aud/, "addressed to one integration only");
    const [header, payload, signature] = bodies[0].body.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), aud: watcher.app.clientId, id: "forged" })).toString("base64url");
    await assert.rejects(watcher.backend.verify(`${header}.${forged}.${signature}`), /signature/);

    assert.equal(await watcher.backend.accept(bodies[0].body), "processed");
    assert.equal(await watcher.backend.accept(bodies[0].body), "replayed", "a replayed body repeats an id the receiver has processed");

    const replyId = await replyTo(c.teammateCommenter, designId, threadId, "Done");
    const fourth = (await watcher.backend.verify((await watcher.receiver.received(4))[3].body)).notification;
    assert.equal(what(fourth), "comment/reply");
    assert.deepEqual(
      { ...fourth.content.comment_event.reply, created_at: 0, updated_at: 0 },
      { id: replyId, design_id: designId, thread_id: threadId, author: { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" }, content: { plaintext: "Done" }, mentions: {}, created_at: 0, updated_at: 0 },
    );

    await thread(c.outsiderCommenter, c.outsiderDesignId, "Not yours to hear");
    await eventsFannedOut();
    assert.equal(blind.receiver.requests.length, 0, "a grant without collaboration:event and comment:read hears of no comment");
    assert.equal(uninvited.receiver.requests.length, 0, "comment:read without collaboration:event hears of nothing either");
    assert.deepEqual(await deliveriesOf(http(), c.p.staff, blind.app.clientId), []);
    assert.equal(watcher.receiver.requests.length, 4, "another team's comments are not the user's");
    const delivered = await deliveriesWhen(http(), c.p.staff, watcher.app.clientId, (items) => items.length === 4 && items.every((item) => item.status === "delivered"));
    const attempts = delivered.map((item) => item.attempts.map((attempt: any) => [attempt.httpStatus, attempt.outcome]));
    assert.deepEqual(attempts, [[[200, "delivered"]], [[200, "delivered"]], [[200, "delivered"]], [[200, "delivered"]]], JSON.stringify(delivered.map((item) => item.attempts)));
    assert.deepEqual(JSON.parse(delivered.find((item) => item.kind === "comment" && JSON.parse(item.event).content.comment_event.type === "reply").event), fourth, "the owner reads the notification as delivered");
  });

  test("set up as Canva's portal does (a URL, no kinds): every comment event, mention and suggestion, each valid against the specification", async () => {
    const portal = await integrationWithWebhook(undefined);
    const listed = await http().graphql(`query($id: ID!) { integration(clientId: $id) { webhook { events } } }`, { id: portal.app.clientId }, c.p.staff.token);
    assert.deepEqual(listed.body.data?.integration.webhook.events, ["comment", "design_mention", "suggestion"], "every notification type of the specification, not our job_finished");
    const teammate = (await obtainTokens(http(), portal.app, c.p.otherClient, WATCHING_SCOPES)).access_token;
    const designId = await newDesign(portal.token);
    const clientTag = `[U${c.p.client.userId}:${c.teamId}]`;
    const teammateTag = `[U${c.p.otherClient.userId}:${c.teamId}]`;
    const received = async (count: number) => Promise.all((await portal.receiver.received(count)).map(async (request) => (await portal.backend.verify(request.body)).notification));
    /** What reached whom, sorted: `U12 comment/new`. */
    const heard = (notifications: Notification[]) => notifications.map((n) => `${n.content.receiving_team_user.user_id === `U${c.p.client.userId}` ? "owner" : "teammate"} ${what(n)}`).sort();

    const first = await thread(portal.token, designId, `Have a look ${teammateTag}`);
    assert.deepEqual(heard(await received(3)), ["owner comment/new", "teammate comment/mention", "teammate design_mention"]);
    const mention = (await received(3)).find((n) => what(n) === "comment/mention")!;
    assert.equal(mention.content.comment_event.content.type, "thread");
    assert.equal(mention.content.comment_event.content.comment.id, first);

    const reply = await replyTo(portal.token, designId, first, `Over to you ${teammateTag}`);
    assert.deepEqual(heard((await received(6)).slice(3)), ["owner comment/reply", "teammate comment/mention", "teammate design_mention"]);
    const replyMention = (await received(6)).slice(3).find((n) => what(n) === "comment/mention")!;
    assert.deepEqual([replyMention.content.comment_event.content.type, replyMention.content.comment_event.content.reply.id], ["reply", reply]);

    await resolve(teammate, designId, first);
    const [resolved] = (await received(7)).slice(6);
    assert.equal(what(resolved), "comment/resolved");
    assert.deepEqual(resolved.content.triggering_user, { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" });
    assert.deepEqual(resolved.content.comment_event.comment.thread_type.resolver, { id: `U${c.p.otherClient.userId}`, display_name: "Otto Other" });

    const suggestionId = await suggest(teammate, designId, [{ type: "add", text: "brighter" }, { type: "format", format: "font_weight" }]);
    const [suggested] = (await received(8)).slice(7);
    assert.equal(what(suggested), "suggestion/new");
    assert.deepEqual(suggested.content.suggestion_event_type.suggestion.thread_type, { type: "suggestion", suggested_edits: [{ type: "add", text: "brighter" }, { type: "format", format: "font_weight" }], status: "open" });
    assert.equal(suggested.content.suggestion_event_type.suggestion.id, suggestionId);

    await replyTo(teammate, designId, suggestionId, `Agreed ${clientTag}?`);
    assert.deepEqual(heard((await received(11)).slice(8)), ["owner design_mention", "owner suggestion/mention", "owner suggestion/reply"]);

    const assigned = await thread(teammate, designId, `Yours ${clientTag}`, `U${c.p.client.userId}`);
    const last = (await received(14)).slice(11);
    assert.deepEqual(heard(last), ["owner comment/assigned", "owner comment/new", "owner design_mention"]);
    assert.equal(last.find((n) => what(n) === "comment/assigned")!.content.comment_event.comment.id, assigned);

    await eventsFannedOut();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = await received(portal.receiver.requests.length);
    assert.equal(all.length, 14, "nothing more: " + JSON.stringify(all.map(what)));
    assert.equal(new Set(all.map((n) => n.id)).size, 14, "each notification its own id");
    assert.deepEqual(
      [...new Set(all.map(what))].sort(),
      ["comment/assigned", "comment/mention", "comment/new", "comment/reply", "comment/resolved", "design_mention", "suggestion/mention", "suggestion/new", "suggestion/reply"],
    );
  });
});

describe("job events", () => {
  test("a finished job — success or failure, upload or export — is told to the integration that started it, and to no other", async () => {
    const starter = await integrationWithWebhook(["job_finished"], `${ASSET_SCOPES} ${DESIGN_SCOPES}`);
    const bystander = await integrationWithWebhook(["job_finished"], `${ASSET_SCOPES} ${DESIGN_SCOPES}`);
    const metadata = { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Told") }) };
    const uploaded = await postUpload(http(), starter.token, await png(64, 48), metadata);
    assert.equal(uploaded.status, 200, uploaded.text);
    const upload = await finishedJob(http(), `/v1/asset-uploads/${uploaded.body.job.id}`, starter.token);
    const broken = await postUpload(http(), starter.token, "not a picture", metadata);
    const brokenJob = await finishedJob(http(), `/v1/asset-uploads/${broken.body.job.id}`, starter.token);
    const designId = await newDesign(starter.token);
    const exported = await http().post("/v1/exports", { design_id: designId, format: { type: "png" } }, { token: starter.token });
    assert.equal(exported.status, 200, exported.text);
    await finishedJob(http(), `/v1/exports/${exported.body.job.id}`, starter.token);

    const notifications = await Promise.all((await starter.receiver.received(3)).map(async (request) => (await starter.backend.verify(request.body)).notification));
    const byJob = Object.fromEntries(notifications.map((notification) => [notification.content.job.id, notification.content]));
    const client = { user_id: `U${c.p.client.userId}`, team_id: c.teamId, display_name: "Cleo Client" };
    assert.ok(notifications.every((notification) => notification.content.type === "job_finished"));
    assert.deepEqual(byJob[uploaded.body.job.id], { type: "job_finished", receiving_team_user: client, job: { id: uploaded.body.job.id, type: "asset_upload", status: "success" }, asset_id: upload.asset.id });
    assert.deepEqual(byJob[broken.body.job.id], { type: "job_finished", receiving_team_user: client, job: { id: broken.body.job.id, type: "asset_upload", status: "failed", error_code: brokenJob.error.code } });
    assert.deepEqual(byJob[exported.body.job.id], { type: "job_finished", receiving_team_user: client, job: { id: exported.body.job.id, type: "design_export", status: "success" }, design_id: designId });
    await eventsFannedOut();
    assert.equal(bystander.receiver.requests.length, 0);
  });
});

describe("delivery", () => {
  test("5xx is retried with growing waits until 2xx; 4xx is not retried; a redelivery repeats the id; the owner lists and filters", async () => {
    const hook = await integrationWithWebhook(["comment"]);
    const designId = await newDesign(hook.token);
    const attemptsBefore = await attemptCounters();
    const answers = [500, 503, 200];
    hook.receiver.respond = (_request, index) => answers[index] ?? 200;
    await thread(hook.token, designId, "retried");
    const tries = await hook.receiver.received(3);
    const ids = await Promise.all(tries.map(async (request) => (await hook.backend.verify(request.body)).notification.id));
    assert.equal(new Set(ids).size, 1, "every attempt carries the same delivery id");
    assert.ok(tries[1].at - tries[0].at >= RETRY_BASE_MS / 2, `first wait ${tries[1].at - tries[0].at} ms`);
    assert.ok(tries[2].at - tries[1].at >= RETRY_BASE_MS, `second wait ${tries[2].at - tries[1].at} ms (doubled)`);
    const [retried] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0]?.status === "delivered");
    assert.deepEqual(retried.attempts.map((attempt: any) => [attempt.number, attempt.httpStatus, attempt.outcome]), [[1, 500, "retry"], [2, 503, "retry"], [3, 200, "delivered"]]);
    assert.ok(retried.attempts.every((attempt: any) => attempt.durationMs >= 0));

    hook.receiver.respond = () => 400;
    await thread(hook.token, designId, "refused");
    await hook.receiver.received(4);
    const [refused] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items.length === 2 && items[0].status === "failed");
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 4));
    assert.equal(hook.receiver.requests.length, 4, "a 400 is not retried");
    assert.deepEqual(refused.attempts.map((attempt: any) => [attempt.httpStatus, attempt.outcome, attempt.error]), [[400, "failed", "HTTP 400"]]);
    const attemptsAfter = await attemptCounters();
    assert.ok(attemptsAfter.retry - attemptsBefore.retry >= 2, "retried attempts are counted at /metrics");
    assert.ok(attemptsAfter.delivered - attemptsBefore.delivered >= 1, "delivered attempts are counted at /metrics");
    assert.ok(attemptsAfter.failed - attemptsBefore.failed >= 1, "failed attempts are counted at /metrics");
    assert.deepEqual((await deliveriesOf(http(), c.p.staff, hook.app.clientId, "failed")).map((item) => item.id), [refused.id]);

    const PAGE = `query($id: ID!, $after: String) { integration(clientId: $id) { webhookDeliveries(first: 1, after: $after) { items { id } continuation } } }`;
    const first = (await http().graphql(PAGE, { id: hook.app.clientId }, c.p.staff.token)).body.data!.integration.webhookDeliveries;
    assert.deepEqual(first.items, [{ id: refused.id }]);
    const next = await http().graphql(PAGE, { id: hook.app.clientId, after: first.continuation }, c.p.staff.token);
    assert.deepEqual(next.body.data!.integration.webhookDeliveries, { items: [{ id: retried.id }], continuation: null });
    const strangers = await http().graphql(PAGE, { id: hook.app.clientId }, c.p.client.token);
    assert.deepEqual(strangers.body.data, { integration: null }, "someone else's integration is not there to read");
    // The cursor is not signed: one decoding to text the database refuses (NUL, an unpaired surrogate) is no cursor of ours either.
    const cursorOf = (id: string) => Buffer.from(JSON.stringify({ at: Date.now(), id })).toString("base64url");
    for (const args of ["first: 0", "first: 101", `after: "garbage"`, `after: "${cursorOf("d\u0000")}"`, `after: "${cursorOf("d\ud800")}"`]) {
      const bad = await http().graphql(`query($id: ID!) { integration(clientId: $id) { webhookDeliveries(${args}) { items { id } } } }`, { id: hook.app.clientId }, c.p.staff.token);
      assert.equal(bad.body.errors?.[0]?.extensions.code, "BAD_USER_INPUT", `${args}: ${bad.text}`);
    }

    const REDELIVER = `mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id status } }`;
    const stranger = await http().graphql(REDELIVER, { id: refused.id }, c.p.client.token);
    assert.equal(stranger.body.errors?.[0]?.extensions.code, "NOT_FOUND", "someone else's delivery is not found");
    hook.receiver.respond = () => 200;
    const racing = await Promise.all(Array.from({ length: 4 }, () => http().graphql(REDELIVER, { id: refused.id }, c.p.staff.token)));
    const started = racing.filter((answer) => answer.body.data?.redeliverWebhook);
    assert.equal(started.length, 1, "racing redeliveries start one: " + JSON.stringify(racing.map((answer) => answer.body)));
    assert.deepEqual(started[0].body.data!.redeliverWebhook, { id: refused.id, status: "pending" });
    assert.ok(racing.filter((answer) => answer.body.errors?.[0]?.extensions.code === "CONFLICT").length === 3);
    const redelivered = (await hook.receiver.received(5))[4];
    assert.equal((await hook.backend.verify(redelivered.body)).notification.id, refused.id);
    await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0].status === "delivered" && items[0].attempts.length === 2);
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2));
    assert.equal(hook.receiver.requests.length, 5, "the racing redeliveries sent it once");

    hook.receiver.respond = () => 500;
    await thread(hook.token, designId, "pending");
    await hook.receiver.received(6);
    const [pending] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items.length === 3 && items[0].attempts.length >= 1);
    const conflict = await http().graphql(REDELIVER, { id: pending.id }, c.p.staff.token);
    assert.equal(conflict.body.errors?.[0]?.extensions.code, "CONFLICT", conflict.text);
    hook.receiver.respond = () => 200;
    await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0].status === "delivered");
  });

  test("retries stop when the retry window ends: the delivery fails and nothing more is sent", async () => {
    const hook = await integrationWithWebhook(["comment"]);
    hook.receiver.respond = () => 502;
    await thread(hook.token, await newDesign(hook.token), "never answered well");
    await hook.receiver.received(1);
    const [pending] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0]?.attempts.length === 1);
    await c.t.platform.runtime.db.prisma.webhookDelivery.update({ where: { id: pending.id }, data: { giveUpAt: new Date(Date.now() + RETRY_BASE_MS * 2) } });
    const [failed] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0]?.status === "failed");
    assert.equal(failed.attempts.at(-1).outcome, "failed");
    assert.equal(failed.nextAttemptAt, null);
    const sent = hook.receiver.requests.length;
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 4));
    assert.equal(hook.receiver.requests.length, sent, "no attempt after giving up");
  });

  test("a user who withdraws consent mid-retry is not sent to again: the delivery fails, saying why, and cannot be redelivered", async () => {
    const hook = await integrationWithWebhook(["comment"]);
    hook.receiver.respond = () => 500;
    await thread(hook.token, await newDesign(hook.token), "then withdrawn");
    await hook.receiver.received(1);
    const revoked = await oauthPost(http(), "/v1/oauth/revoke", { token: hook.refreshToken }, { authorization: basic(hook.app) });
    assert.equal(revoked.status, 200, revoked.text);
    const [failed] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0]?.status === "failed");
    assert.equal(failed.attempts.at(-1).httpStatus, null);
    assert.match(failed.attempts.at(-1).error, /^Not sent: the user no longer authorizes/);
    const sent = hook.receiver.requests.length;
    const again = await http().graphql(`mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }`, { id: failed.id }, c.p.staff.token);
    assert.equal(again.body.errors?.[0]?.extensions.code, "CONFLICT", again.text);
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 3));
    assert.equal(hook.receiver.requests.length, sent, "nothing more reached the receiver");
  });

  test("a receiver that never answers delays no other integration's deliveries", async () => {
    const slow = await integrationWithWebhook(["comment"]);
    const fast = await integrationWithWebhook(["comment"]);
    slow.receiver.respond = () => "hang";
    const designId = await newDesign(fast.token);
    for (let i = 0; i < 5; i++) await thread(fast.token, designId, `burst ${i}`);
    await fast.receiver.received(5, 10_000);
    const slowSoFar = await deliveriesOf(http(), c.p.staff, slow.app.clientId);
    assert.ok(
      slowSoFar.every((item) => item.attempts.length === 0),
      "the fast receiver had all five while the slow one's first attempts were still waiting for an answer",
    );
    assert.ok(slow.receiver.requests.length <= 2, `at most two attempts to the slow receiver at once (saw ${slow.receiver.requests.length})`);
    slow.receiver.respond = () => 200;
    const done = await deliveriesWhen(http(), c.p.staff, slow.app.clientId, (items) => items.length === 5 && items.every((item) => item.status === "delivered"), 60_000);
    assert.ok(done.some((item) => item.attempts[0].httpStatus === null && /did not answer/.test(item.attempts[0].error)), JSON.stringify(done[0].attempts));
  });

  test("a delivery recorded in the old envelope (before the upgrade) is sent again as it was recorded, in the `event` claim", async () => {
    const hook = await integrationWithWebhook(["comment"]);
    await thread(hook.token, await newDesign(hook.token), "recorded before the upgrade");
    await hook.receiver.received(1);
    const [delivered] = await deliveriesWhen(http(), c.p.staff, hook.app.clientId, (items) => items[0]?.status === "delivered");
    const envelope = { id: delivered.id, kind: "comment", created_at: 1767225599, user: { id: `U${c.p.client.userId}`, team_id: c.teamId }, data: { design_id: "D1", thread_id: "C1", comment_type: "thread" } };
    await c.t.platform.runtime.db.prisma.webhookDelivery.update({ where: { id: delivered.id }, data: { data: envelope } });
    const again = await http().graphql(`mutation($id: ID!) { redeliverWebhook(deliveryId: $id) { id } }`, { id: delivered.id }, c.p.staff.token);
    assert.equal(again.body.errors, undefined, again.text);
    const [, resent] = await hook.receiver.received(2);
    envelopeBodies.add(resent.body);
    const { payload } = await jwtVerify(resent.body, createRemoteJWKSet(new URL("/v1/connect/keys", http().baseUrl)), { issuer: c.t.config.publicUrl, audience: hook.app.clientId, maxTokenAge: "5m" });
    assert.deepEqual([payload.jti, payload.event], [delivered.id, envelope]);
  });

  test("after a key rotation new deliveries are signed with the new key, and the old key stays published", async () => {
    const hook = await integrationWithWebhook(["comment"]);
    const designId = await newDesign(hook.token);
    await thread(hook.token, designId, "before rotation");
    const before = await hook.backend.verify((await hook.receiver.received(1))[0].body);
    const rotated = await http().graphql(`mutation { rotateSigningKeys { kid } }`, {}, c.p.superuser.token);
    assert.equal(rotated.body.errors, undefined, rotated.text);
    await thread(hook.token, designId, "after rotation");
    const afterRotation = await hook.backend.verify((await hook.receiver.received(2))[1].body);
    assert.notEqual(afterRotation.kid, before.kid);
    assert.ok(rotated.body.data!.rotateSigningKeys.some((key: { kid: string }) => key.kid === afterRotation.kid));
    const published = (await http().get("/v1/connect/keys")).body.keys.map((key: { kid: string }) => key.kid);
    assert.ok(published.includes(before.kid) && published.includes(afterRotation.kid), JSON.stringify(published));
    await new IntegrationBackend(http(), c.t.config.publicUrl, hook.app.clientId).verify(hook.receiver.requests[0].body);
  });
});

describe("every body this file's receivers were sent", () => {
  test("verifies with the keys of /v1/connect/keys for its integration and is valid against the specification", async () => {
    let checked = 0;
    for (const receiver of receivers) {
      for (const request of receiver.requests) {
        if (envelopeBodies.has(request.body)) continue;
        await backendOf.get(receiver)!.verify(request.body, request.at);
        checked++;
      }
    }
    assert.ok(checked >= 30, `${checked} bodies checked`);
  });
});
