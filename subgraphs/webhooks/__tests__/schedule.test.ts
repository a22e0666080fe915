// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { outcomeOf, retryDelayMs } from "../domain/schedule.js";

describe("what follows an attempt", () => {
  test("2xx is delivered; no answer, 5xx, 408 and 429 are retried; 3xx and other 4xx are given up", () => {
    const table: Array<[number | null, string]> = [
      [200, "delivered"], [204, "delivered"], [null, "retry"], [500, "retry"], [503, "retry"], [408, "retry"], [429, "retry"],
      [301, "failed"], [400, "failed"], [401, "failed"], [404, "failed"], [410, "failed"],
    ];
    for (const [status, outcome] of table) assert.equal(outcomeOf(status), outcome, String(status));
  });

  test("waits double per attempt up to the cap, each jittered between half and all of it", () => {
    const settings = { retryBaseMs: 1_000, maxDelayMs: 60_000 };
    assert.deepEqual([1, 2, 3, 4].map((attempt) => retryDelayMs(settings, attempt, 1)), [1_000, 2_000, 4_000, 8_000]);
    assert.deepEqual([1, 2, 3].map((attempt) => retryDelayMs(settings, attempt, 0)), [500, 1_000, 2_000]);
    assert.equal(retryDelayMs(settings, 40, 1), 60_000, "capped, however many attempts");
    const jittered = new Set(Array.from({ length: 50 }, () => retryDelayMs(settings, 3)));
    assert.ok(jittered.size > 10 && [...jittered].every((delay) => delay >= 2_000 && delay <= 4_000));
  });
});
