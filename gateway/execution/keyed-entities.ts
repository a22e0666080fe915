import type { QueryPlanFieldNode, QueryPlanSelectionNode } from "@apollo/query-planner";
import { Kind, type GraphQLSchema } from "graphql";
import { isObjectOfType } from "./stock-executor-pieces.js";

/** A fetch's `requires` of the usual form `... on T { __typename <fields> }` (leaf fields, unaliased), and which typenames its condition was found to hold for. */
interface KeyedRequires {
  typeCondition: string;
  fields: string[];
  holdsFor: Set<string>;
}

/** Slots by a representation's values, field after field; the last field's values lead to slots. */
type SlotTree = Map<unknown, SlotTree | number>;

const hasOwn = Object.prototype.hasOwnProperty;
const keyedRequires = new WeakMap<readonly QueryPlanSelectionNode[], KeyedRequires | null>();

const isLeafField = (selection: QueryPlanSelectionNode): selection is QueryPlanFieldNode => selection.kind === Kind.FIELD && !selection.alias && !selection.selections;
/** A value slotted by itself: equal values print alike; values a JSON answer can hold print alike only when equal (−0 prints as 0, as Map takes it). */
const isPlainValue = (value: unknown) => value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";

function keyedRequiresOf(requires: readonly QueryPlanSelectionNode[]): KeyedRequires | null {
  let known = keyedRequires.get(requires);
  if (known === undefined) {
    const [only] = requires;
    known = null;
    if (requires.length === 1 && only.kind === Kind.INLINE_FRAGMENT && only.typeCondition && only.selections.length >= 2 && only.selections.every(isLeafField)) {
      const [typename, ...rest] = only.selections as QueryPlanFieldNode[];
      const fields = rest.map((field) => field.name);
      if (typename.name === "__typename" && !fields.includes("__typename") && new Set(fields).size === fields.length) known = { typeCondition: only.typeCondition, fields, holdsFor: new Set() };
    }
    keyedRequires.set(requires, known);
  }
  return known;
}

/**
 * For a keyed `requires`, the distinct representations of the entities (in first-seen order) and each
 * entity's slot among them: what selecting every entity's representation and then slotting it by its
 * JSON gives, without making a representation per entity. Undefined when the `requires` is not of that
 * form or an entity is not plainly one (a string typename the condition holds for, each field its
 * own, a string, number, boolean or null): the representations are then selected one by one, as the
 * stock gateway selects them.
 */
export function keyedSlots(schema: GraphQLSchema, requires: readonly QueryPlanSelectionNode[], entities: any[]): { distinct: Record<string, unknown>[]; slots: number[] } | undefined {
  const keyed = keyedRequiresOf(requires);
  if (!keyed) return undefined;
  const { typeCondition, fields, holdsFor } = keyed;
  const last = fields.length - 1;
  const byTypename = new Map<string, SlotTree>();
  const distinct: Record<string, unknown>[] = [];
  const slots = new Array<number>(entities.length);
  for (let index = 0; index < entities.length; index++) {
    const entity = entities[index];
    if (typeof entity !== "object" || !hasOwn.call(entity, "__typename")) return undefined;
    const typename = entity.__typename;
    if (typeof typename !== "string" || typename === "") return undefined;
    if (typename !== typeCondition && !holdsFor.has(typename)) {
      // Only typenames it holds for are remembered (the schema's own types): any other falls back, whatever a subgraph names.
      if (!isObjectOfType(schema, entity, typeCondition)) return undefined;
      holdsFor.add(typename);
    }
    let tree = byTypename.get(typename);
    if (!tree) byTypename.set(typename, (tree = new Map()));
    for (let field = 0; field <= last; field++) {
      const name = fields[field];
      const value = hasOwn.call(entity, name) ? entity[name] : undefined;
      if (!isPlainValue(value)) return undefined;
      const next = tree.get(value);
      if (field < last) {
        if (next === undefined) tree.set(value, (tree = new Map()));
        else tree = next as SlotTree;
      } else if (next === undefined) {
        const representation: Record<string, unknown> = { __typename: typename };
        for (const name of fields) representation[name] = entity[name];
        tree.set(value, (slots[index] = distinct.push(representation) - 1));
      } else {
        slots[index] = next as number;
      }
    }
  }
  return { distinct, slots };
}
