import assert from "node:assert/strict";
import { test } from "node:test";
import type { QueryPlanSelectionNode } from "@apollo/query-planner";
import { buildSchema, Kind } from "graphql";
import { keyedSlots } from "../execution/keyed-entities.js";
import { RepresentationSlots } from "../execution/representation-slots.js";

const schema = buildSchema(`
  interface Item { id: ID! }
  type Product implements Item { id: ID! upc: String! }
  type Book implements Item { id: ID! }
  type User { id: ID! }
  type Query { items: [Item] }
`);

const requiresOf = (typeCondition: string, key: string): QueryPlanSelectionNode[] => [
  { kind: Kind.INLINE_FRAGMENT, typeCondition, selections: [{ kind: Kind.FIELD, name: "__typename" }, { kind: Kind.FIELD, name: key }] },
];

/** What the stock way gives: each entity's `{ __typename, key }`, slotted by equality as JSON. */
function selectedOneByOne(entities: Record<string, unknown>[], key: string) {
  const slotsOf = new RepresentationSlots();
  const slots = entities.map((entity) => slotsOf.slotOf({ __typename: entity.__typename, [key]: entity[key] }));
  return { distinct: slotsOf.distinct, slots };
}

test("keyed entities: the distinct representations and slots selecting each one would give, with an interface condition", () => {
  const entities = [
    { __typename: "Product", id: "1", upc: "a", name: "x" },
    { __typename: "Book", id: "1" },
    { __typename: "Product", id: "1", upc: "b" },
    { __typename: "Product", id: 1 },
    { __typename: "Book", id: "2", reviews: [] },
    { __typename: "Product", id: "1" },
  ];
  const keyed = keyedSlots(schema, requiresOf("Item", "id"), entities);
  assert.deepEqual(keyed, selectedOneByOne(entities, "id"));
  assert.deepEqual(keyed!.distinct, [
    { __typename: "Product", id: "1" },
    { __typename: "Book", id: "1" },
    { __typename: "Product", id: 1 },
    { __typename: "Book", id: "2" },
  ]);
  assert.deepEqual(keyed!.slots, [0, 1, 0, 2, 3, 0]);
});

test("keyed entities: anything not plainly keyed is left to selecting one by one", () => {
  const requires = requiresOf("Product", "upc");
  for (const odd of [
    { __typename: "User", upc: "a" },
    { __typename: "Product" },
    { __typename: "Product", upc: null },
    { __typename: "Product", upc: { nested: true } },
    { __typename: "Product", upc: ["a"] },
    { __typename: "", upc: "a" },
    { upc: "a" },
    Object.create({ __typename: "Product", upc: "a" }),
  ]) {
    assert.equal(keyedSlots(schema, requires, [{ __typename: "Product", upc: "a" }, odd]), undefined, JSON.stringify(odd));
  }
  const aliased: QueryPlanSelectionNode[] = [{ kind: Kind.INLINE_FRAGMENT, typeCondition: "Product", selections: [{ kind: Kind.FIELD, name: "__typename" }, { kind: Kind.FIELD, name: "upc", alias: "code" }] }];
  const compound: QueryPlanSelectionNode[] = [{ kind: Kind.INLINE_FRAGMENT, typeCondition: "Product", selections: [{ kind: Kind.FIELD, name: "__typename" }, { kind: Kind.FIELD, name: "id" }, { kind: Kind.FIELD, name: "upc" }] }];
  for (const requiresOfOtherForm of [aliased, compound]) assert.equal(keyedSlots(schema, requiresOfOtherForm, [{ __typename: "Product", id: "1", upc: "a" }]), undefined);
});
