// @tier unit
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { test } from "node:test";
import { ChildFailedError, ChildLimitError, childModule, runBoundedChild } from "../bounded-child.js";

const GREEDY = childModule(import.meta.url, "fixtures/greedy-child");
const LIMITS = { memoryBytes: 512 * 1024 * 1024, timeoutMs: 60_000 };

async function run(behaviour: string, limits = LIMITS) {
  const steps: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  const outcome = await runBoundedChild<{ behaviour: string }, { step: number }>(GREEDY, { behaviour }, limits, (event) => steps.push(event.step)).then(
    () => "done",
    (error: unknown) => error,
  );
  return { outcome, steps, growth: process.memoryUsage().rss - rssBefore };
}

test("a child answers with its events, then done", async () => {
  const { outcome, steps } = await run("answer");
  assert.deepEqual([outcome, steps], ["done", [1, 2]]);
});

test("a child holding memory outside the JavaScript heap is ended at its limit; this process does not grow", async () => {
  const { outcome, steps, growth } = await run("greedy");
  assert.ok(outcome instanceof ChildLimitError && outcome.limit === "memory", String(outcome));
  assert.deepEqual(steps, [1]);
  assert.ok(growth < 64 * 1024 * 1024, `grew ${growth} bytes`);
});

test("a child past its time is killed", async () => {
  const { outcome } = await run("hang", { ...LIMITS, timeoutMs: 3_000 });
  assert.ok(outcome instanceof ChildLimitError && outcome.limit === "time", String(outcome));
});

test("a child's own failure comes back with its code and message", async () => {
  const { outcome } = await run("fail");
  assert.ok(outcome instanceof ChildFailedError, String(outcome));
  assert.deepEqual([outcome.code, outcome.message], ["invalid_file", "the file is not one we read"]);
});

test("a child gets none of this process's environment (no secrets reach a decoder of hostile files)", async () => {
  process.env.BOUNDED_CHILD_TEST_SECRET = "not for decoders";
  const { outcome } = await run("environment");
  assert.ok(outcome instanceof ChildFailedError, String(outcome));
  assert.equal(outcome.message, "none");
});
