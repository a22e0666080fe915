// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { editDeliveries } from "../bench/edit-deliveries.js";
import { editorOperations } from "../bench/editing-workload.js";
import { editingGoals } from "../bench/goals.js";

/** The live-editing benchmark's own reckoning, so `npm run bench` cannot rot; no timing is measured. */
describe("live-editing benchmark", () => {
  const accepted = [
    { version: 1, acceptedAt: 1000, warmup: true },
    { version: 2, acceptedAt: 2000, warmup: false },
    { version: 3, acceptedAt: 3000, warmup: false },
  ];
  const at = (version: number, ms: number) => ({ version, at: ms });

  test("every subscriber owes every accepted version after the one it started from: lost, duplicated and out of order counted apart", () => {
    const outcome = editDeliveries({
      accepted,
      initialVersions: [0, 1, 0, 0],
      arrivals: [
        [at(1, 1010), at(2, 2020), at(3, 3030)],
        [at(2, 2005), at(3, 2990)],
        [at(1, 1010), at(3, 3040), at(3, 3041), at(2, 3050)],
        [at(1, 1010)],
      ],
    });
    assert.deepEqual(
      { owed: outcome.owed, delivered: outcome.delivered, lost: outcome.lost, duplicated: outcome.duplicated, outOfOrder: outcome.outOfOrder },
      { owed: 11, delivered: 9, lost: 2, duplicated: 1, outOfOrder: 1 },
    );
    // Warm-up edits are checked but not timed; a message before the edit's answer is a negative delay.
    assert.deepEqual(outcome.latenciesMs.sort((a, b) => a - b), [-10, 5, 20, 30, 40, 1050]);
  });

  test("the goals: p99 ≤ 200 ms, nothing lost, duplicated, out of order or refused, ≤ 10 KB a subscription", () => {
    const row = { editors: 50, "edits accepted": 600, "edits refused": 0, "deliveries owed": 30000, lost: 0, duplicated: 0, "out of order": 0, "p99 delay ms": "180.0", "heap per subscription KB": "9.50" };
    assert.deepEqual(editingGoals(row).map((goal) => goal.met), [true, true, true]);
    assert.deepEqual(editingGoals({ ...row, "p99 delay ms": "200.1", lost: 1, "heap per subscription KB": "10.01" }).map((goal) => goal.met), [false, false, false]);
    assert.equal(editingGoals({ ...row, "edits refused": 3 })[1].met, false, "a refused edit is a miss");
    assert.equal(editingGoals({ ...row, "deliveries owed": 0 })[1].met, false, "nothing delivered is no proof");
    assert.equal(editingGoals({ ...row, "p99 delay ms": "NaN" })[0].met, false);
  });

  test("an editor adds a text box first, then moves it, retypes it, moves it and adds another", () => {
    assert.deepEqual(Object.keys(editorOperations(3, 5, "P1", undefined)[0]), ["addElement"]);
    const kinds = [0, 1, 2, 3, 4].map((n) => {
      const [operation] = editorOperations(3, n, "P1", "E1") as Record<string, Record<string, unknown>>[];
      const [kind] = Object.keys(operation);
      return kind === "updateElement" ? ("text" in operation.updateElement ? "text" : "move") : kind;
    });
    assert.deepEqual(kinds, ["addElement", "move", "text", "move", "addElement"]);
  });
});
