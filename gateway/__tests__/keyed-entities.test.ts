// @tier unit
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

/** What the stock way gives: each entity's `{ __typename, ...fields }`, slotted by equality as JSON. */
function selectedOneByOne(entities: Record<string, unknown>[], fields: string[]) {
  const slotsOf = new RepresentationSlots();
  const slots = entities.map((entity) => slotsOf.slotOf(Object.fromEntries([["__typename", entity.__typename], ...fields.map((field) => [field, entity[field]])])));
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
  assert.deepEqual(keyed, selectedOneByOne(entities, ["id"]));
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
    { __typename: "Product", upc: { nested: true } },
    { __typename: "Product", upc: ["a"] },
    { __typename: "", upc: "a" },
    { upc: "a" },
    Object.create({ __typename: "Product", upc: "a" }),
  ]) {
    assert.equal(keyedSlots(schema, requires, [{ __typename: "Product", upc: "a" }, odd]), undefined, JSON.stringify(odd));
  }
  const aliased: QueryPlanSelectionNode[] = [{ kind: Kind.INLINE_FRAGMENT, typeCondition: "Product", selections: [{ kind: Kind.FIELD, name: "__typename" }, { kind: Kind.FIELD, name: "upc", alias: "code" }] }];
  const nested: QueryPlanSelectionNode[] = [{ kind: Kind.INLINE_FRAGMENT, typeCondition: "Product", selections: [{ kind: Kind.FIELD, name: "__typename" }, { kind: Kind.FIELD, name: "size", selections: [{ kind: Kind.FIELD, name: "width" }] }] }];
  for (const requiresOfOtherForm of [aliased, nested]) assert.equal(keyedSlots(schema, requiresOfOtherForm, [{ __typename: "Product", upc: "a", size: { width: 1 } }]), undefined);
});

test("keyed entities: a key of several fields (as @requires makes it), null and booleans among the values", () => {
  const requires: QueryPlanSelectionNode[] = [
    { kind: Kind.INLINE_FRAGMENT, typeCondition: "Product", selections: ["__typename", "upc", "price", "inStock"].map((name) => ({ kind: Kind.FIELD, name })) },
  ];
  const entities = [
    { __typename: "Product", upc: "a", price: 1, inStock: true },
    { __typename: "Product", upc: "a", price: 1, inStock: false },
    { __typename: "Product", upc: "a", price: null, inStock: true },
    { inStock: true, price: 1, upc: "a", __typename: "Product" },
    { __typename: "Product", upc: "a", price: "1", inStock: true },
    { __typename: "Product", upc: "b", price: null, inStock: null },
    { __typename: "Product", upc: "a", price: null, inStock: true, name: "x" },
  ];
  const keyed = keyedSlots(schema, requires, entities);
  assert.deepEqual(keyed, selectedOneByOne(entities, ["upc", "price", "inStock"]));
  assert.deepEqual(keyed!.slots, [0, 1, 2, 0, 3, 4, 2]);
  assert.deepEqual(Object.keys(keyed!.distinct[0]), ["__typename", "upc", "price", "inStock"], "fields in the order the requires names them");
});
