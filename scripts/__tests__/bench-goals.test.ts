// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { DESIGN_FEEDS_TABLE, goals } from "../bench/goals.js";
import type { BenchResults } from "../bench/report.js";

const results = (rows: Record<string, string | number>[]) => ({ cases: [], tables: [{ title: `${DESIGN_FEEDS_TABLE} 10000 subscribers`, rows }] }) as unknown as BenchResults;
const met = (row: Record<string, string | number>) => goals(results([row])).map((goal) => goal.met);

test("the design feeds' goals: p99 ≤ 1 s, every message delivered and no edit refused, ≤ 4 KB a subscription", () => {
  const row = { subscribers: 10000, "edits refused": 0, "messages delivered": 10000, "p99 delay ms": "72.0", "heap per subscription KB": "3.74" };
  assert.deepEqual(met(row), [true, true, true]);
  assert.deepEqual(met({ ...row, "p99 delay ms": "1000.1", "messages delivered": 9999, "heap per subscription KB": "4.01" }), [false, false, false]);
  assert.deepEqual(met({ ...row, "edits refused": 1 }), [true, false, true], "a refused edit is a miss");
});
