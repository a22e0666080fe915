// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "graphql";
import { inMemoryBus } from "../../lib/pubsub.js";
import { createLogger } from "../../lib/logger.js";
import { DeclaredSubscriptions, type ExecuteThroughGateway } from "../subscriptions/declared-subscriptions.js";
import { subscriptionQueryOf } from "../subscriptions/subscription-operation.js";

test("a subscription's first read and every re-read after an event carry its connection's client address; two addresses never share one", async () => {
  const reads: { clientAddress?: string; subscriptionEvent?: boolean }[] = [];
  const execute: ExecuteThroughGateway = async ({ clientAddress, subscriptionEvent }) => {
    reads.push({ clientAddress, subscriptionEvent });
    return { data: { feed: { id: "1" } } };
  };
  const bus = inMemoryBus();
  const subscriptions = new DeclaredSubscriptions(execute, bus, createLogger("silent"), [{ field: "feed", topic: "feed-events", match: { argument: "id", eventKey: "id" } }]);
  await subscriptions.start();
  const request = subscriptionQueryOf(subscriptions.declarations, parse(`subscription { feed(id: "1") { id } }`), {});
  const queues = ["198.51.100.1", "198.51.100.2"].map((clientAddress) => subscriptions.subscribe(request, { authorization: "Bearer same-token", clientAddress }));
  for (const queue of queues) await queue.next();
  await bus.publish("feed-events", { id: "1" });
  for (const queue of queues) await queue.next();
  const sorted = (events: boolean) => reads.filter((read) => Boolean(read.subscriptionEvent) === events).map((read) => read.clientAddress).sort();
  assert.deepEqual(sorted(false), ["198.51.100.1", "198.51.100.2"], "first reads");
  assert.deepEqual(sorted(true), ["198.51.100.1", "198.51.100.2"], "re-reads after the event");
  await subscriptions.stop();
});
