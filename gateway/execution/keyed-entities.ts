import type { QueryPlanFieldNode, QueryPlanSelectionNode } from "@apollo/query-planner";
import { Kind, type GraphQLSchema } from "graphql";
import { RepresentationSlots } from "./representation-slots.js";
import { isObjectOfType } from "./stock-executor-pieces.js";

/** A fetch's `requires` of the usual form `... on T { __typename <key> }`, and which typenames its condition was found to hold for. */
interface KeyedRequires {
  typeCondition: string;
  field: string;
  holdsFor: Map<string, boolean>;
}

const hasOwn = Object.prototype.hasOwnProperty;
const keyedRequires = new WeakMap<readonly QueryPlanSelectionNode[], KeyedRequires | null>();

const isPlainField = (selection: QueryPlanSelectionNode | undefined): selection is QueryPlanFieldNode => selection?.kind === Kind.FIELD && !selection.alias && !selection.selections;

function keyedRequiresOf(requires: readonly QueryPlanSelectionNode[]): KeyedRequires | null {
  let known = keyedRequires.get(requires);
  if (known === undefined) {
    const [only] = requires;
    known = null;
    if (requires.length === 1 && only.kind === Kind.INLINE_FRAGMENT && only.typeCondition && only.selections.length === 2) {
      const [typename, key] = only.selections;
      if (isPlainField(typename) && typename.name === "__typename" && isPlainField(key) && key.name !== "__typename") {
        known = { typeCondition: only.typeCondition, field: key.name, holdsFor: new Map() };
      }
    }
    keyedRequires.set(requires, known);
  }
  return known;
}

/**
 * For a keyed `requires`, the distinct representations of the entities and each entity's slot among
 * them: what selecting every entity's representation and then looking up its slot gives, without
 * making a representation per entity. Undefined when the `requires` is not of that form or an entity
 * is not plainly one (a string typename the condition holds for, a string or number key): the
 * representations are then selected one by one, as the stock gateway selects them.
 */
export function keyedSlots(schema: GraphQLSchema, requires: readonly QueryPlanSelectionNode[], entities: any[]): { distinct: Record<string, unknown>[]; slots: number[] } | undefined {
  const keyed = keyedRequiresOf(requires);
  if (!keyed) return undefined;
  const { typeCondition, field, holdsFor } = keyed;
  const slotsOf = new RepresentationSlots();
  const slots = new Array<number>(entities.length);
  for (let index = 0; index < entities.length; index++) {
    const entity = entities[index];
    if (typeof entity !== "object" || !hasOwn.call(entity, "__typename") || !hasOwn.call(entity, field)) return undefined;
    const typename = entity.__typename;
    const value = entity[field];
    if (typeof typename !== "string" || typename === "" || (typeof value !== "string" && typeof value !== "number")) return undefined;
    if (typename !== typeCondition) {
      let holds = holdsFor.get(typename);
      if (holds === undefined) holdsFor.set(typename, (holds = isObjectOfType(schema, entity, typeCondition)));
      if (!holds) return undefined;
    }
    slots[index] = slotsOf.slotOfKey(typename, field, value);
  }
  return { distinct: slotsOf.distinct, slots };
}
