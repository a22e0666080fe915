// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { InternalCalls } from "../auth/internal-calls.js";

describe("signed client address markers", () => {
  const at = 1_760_000_000_000;

  test("a marker is reused for the same address within a second, and each one verifies", () => {
    const calls = new InternalCalls(randomBytes(32));
    const first = calls.signAddress("198.51.100.4", at);
    assert.equal(calls.signAddress("198.51.100.4", at + 999), first);
    assert.equal(calls.addressFrom(first, at + 999), "198.51.100.4");
    const later = calls.signAddress("198.51.100.4", at + 1_000);
    assert.notEqual(later, first);
    assert.match(later, new RegExp(`^198\\.51\\.100\\.4 ${at + 1_000}\\.`));
    assert.equal(calls.addressFrom(later, at + 1_000), "198.51.100.4");
  });

  test("another address, or a clock gone back, gets a marker of its own", () => {
    const calls = new InternalCalls(randomBytes(32));
    const first = calls.signAddress("198.51.100.4", at);
    const other = calls.signAddress("203.0.113.9", at);
    assert.equal(calls.addressFrom(other, at), "203.0.113.9");
    assert.match(first, new RegExp(`^198\\.51\\.100\\.4 ${at}\\.`));
    assert.match(calls.signAddress("198.51.100.4", at + 1), new RegExp(`^198\\.51\\.100\\.4 ${at + 1}\\.`), "the last marker was the other address's");
    assert.match(calls.signAddress("198.51.100.4", at - 5), new RegExp(`^198\\.51\\.100\\.4 ${at - 5}\\.`));
  });

  test("a reused marker still expires a minute after it was made, and another key's marker is refused", () => {
    const calls = new InternalCalls(randomBytes(32));
    const marker = calls.signAddress("198.51.100.4", at);
    assert.equal(calls.addressFrom(marker, at + 60_000), "198.51.100.4");
    assert.equal(calls.addressFrom(marker, at + 60_001), undefined);
    assert.equal(new InternalCalls(randomBytes(32)).addressFrom(marker, at), undefined);
  });
});
