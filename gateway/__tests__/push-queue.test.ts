// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { PushQueue } from "../subscriptions/push-queue.js";

test("a push queue hands values in order to reads made before and after them, ends its reads, and tells once when it is returned", async () => {
  let returned = 0;
  const queue = new PushQueue<number>(() => returned++);
  queue.push(1);
  queue.push(2);
  assert.deepEqual(await queue.next(), { value: 1, done: false });
  const waiting = [queue.next(), queue.next(), queue.next()];
  queue.push(3);
  queue.push(4);
  assert.deepEqual(await Promise.all(waiting.slice(0, 2)), [{ value: 2, done: false }, { value: 3, done: false }]);
  assert.deepEqual(await waiting[2], { value: 4, done: false });
  const pending = [queue.next(), queue.next()];
  queue.end();
  assert.deepEqual(await Promise.all(pending), [{ value: undefined, done: true }, { value: undefined, done: true }]);
  queue.push(5);
  assert.deepEqual(await queue.next(), { value: undefined, done: true });
  assert.equal(queue.done, true);

  const stopped = new PushQueue<number>(() => returned++);
  stopped.push(1);
  assert.deepEqual(await stopped.return(), { value: undefined, done: true });
  assert.deepEqual(await stopped.next(), { value: undefined, done: true }, "what was not read is dropped");
  await stopped.return();
  assert.equal(returned, 2);
});

test("values pushed while nothing reads are read after the queue ended", async () => {
  const queue = new PushQueue<string>();
  queue.push("last state");
  queue.end();
  assert.deepEqual(await queue.next(), { value: "last state", done: false });
  assert.deepEqual(await queue.next(), { value: undefined, done: true });
});
