// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { RepresentationSlots } from "../execution/representation-slots.js";

/** The slots equality as JSON gives: the reference the fast lookup must agree with. */
function slotsByJson(representations: unknown[]): number[] {
  const seen = new Map<string, number>();
  return representations.map((representation) => {
    const key = JSON.stringify(representation);
    if (!seen.has(key)) seen.set(key, seen.size);
    return seen.get(key)!;
  });
}

test("each representation gets the slot of the first one equal to it as JSON, the first of each kept in order", () => {
  const representations = [
    { __typename: "User", id: "1" },
    { __typename: "User", id: 1 },
    { __typename: "User", id: "1" },
    { __typename: "Product", id: "1" },
    { __typename: "Product", upc: "1" },
    { id: "1", __typename: "User" },
    { __typename: "User", id: "1", extra: "x" },
    { __typename: "Product", upc: "1", dimensions: { size: "small" } },
    { __typename: "Product", upc: "1", dimensions: { size: "small" } },
    { __typename: "User", id: null },
    { __typename: "User", id: null },
    { __typename: "User", id: true },
    { __typename: "Product", upc: "1" },
    { __typename: "User", id: "" },
    { __typename: "User", id: 0 },
  ];
  const slots = new RepresentationSlots();
  const assigned = representations.map((representation) => slots.slotOf(representation));
  assert.deepEqual(assigned, slotsByJson(representations));
  const firstOfEach = [...new Set(slotsByJson(representations))].map((slot) => representations[slotsByJson(representations).indexOf(slot)]);
  assert.deepEqual(slots.distinct, firstOfEach);
  assert.equal(slots.distinct[0], representations[0], "the representation itself is sent, not a copy");
});
