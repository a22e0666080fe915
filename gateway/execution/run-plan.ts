import { ERRORS, errorCodeDef, type VariableDefinitions } from "@apollo/federation-internals";
import { evaluateCondition, type FetchNode, type PlanNode, type QueryPlanSelectionNode } from "@apollo/query-planner";
import { GraphQLError, Kind, type GraphQLSchema as Schema } from "graphql";
import { deepMerge } from "./deep-merge.js";
import { keyedSlots } from "./keyed-entities.js";
import { RepresentationSlots } from "./representation-slots.js";
import { applyRewrites, generateHydratedPaths, isObjectOfType } from "./stock-executor-pieces.js";

/** What one subgraph answered: a GraphQL response body. */
export interface SubgraphResponse {
  data?: Record<string, any> | null;
  errors?: ReadonlyArray<{ message?: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
}

/** Sends one fetch of the plan to its subgraph. */
export type SubgraphCall = (serviceName: string, body: { query: string; variables: Record<string, unknown>; operationName: string | undefined }) => Promise<SubgraphResponse>;

export interface PlanRun {
  supergraphSchema: Schema;
  variableDefinitions: VariableDefinitions;
  variables: Record<string, unknown> | undefined;
  call: SubgraphCall;
  errors: GraphQLError[];
}

interface Cursor {
  path: (string | number)[];
  data: any;
  fullResult: Record<string, unknown>;
}

/** Runs a query plan's nodes as @apollo/gateway does (sequence, parallel, flatten, fetch, condition), merging into `data`. */
export async function runPlan(run: PlanRun, node: PlanNode, data: Record<string, unknown>): Promise<void> {
  await runNode(run, node, { path: [], data, fullResult: data });
}

async function runNode(run: PlanRun, node: PlanNode, cursor: Cursor | undefined): Promise<void> {
  if (!cursor) return;
  switch (node.kind) {
    case "Sequence":
      for (const child of node.nodes) await runNode(run, child, cursor);
      return;
    case "Parallel":
      await Promise.all(node.nodes.map((child) => runNode(run, child, cursor)));
      return;
    case "Flatten":
      return runNode(run, node.node, moveInto(cursor, node.path));
    case "Fetch":
      try {
        await runFetch(run, node, cursor);
      } catch (error) {
        run.errors.push(error as GraphQLError);
      }
      return;
    case "Condition": {
      const branch = evaluateCondition(node, run.variableDefinitions, run.variables) ? node.ifClause : node.elseClause;
      if (branch) await runNode(run, branch, cursor);
      return;
    }
    default:
      throw new Error(`${node.kind} nodes are not supported by the gateway`);
  }
}

async function runFetch(run: PlanRun, fetch: FetchNode, cursor: Cursor): Promise<void> {
  const entities: any[] = Array.isArray(cursor.data) ? cursor.data.filter((entity) => entity !== null && entity !== undefined) : [cursor.data];
  if (entities.length < 1) return;
  const variables: Record<string, unknown> = Object.create(null);
  for (const name of fetch.variableUsages ?? []) {
    const provided = run.variables;
    if (provided && Object.prototype.hasOwnProperty.call(provided, name) && provided[name] !== undefined) variables[name] = provided[name];
  }
  const send = async (sent: Record<string, unknown>) => {
    const response = await run.call(fetch.serviceName, { query: fetch.operation, variables: sent, operationName: fetch.operationName });
    if (response.errors) {
      const pathOf = lazyErrorPath(fetch, cursor);
      for (const error of response.errors) run.errors.push(downstreamError(error, fetch.serviceName, pathOf));
    }
    return response.data;
  };
  if (!fetch.requires) {
    const received = await send(variables);
    if (received) applyRewrites(run.supergraphSchema, fetch.outputRewrites, received);
    for (const entity of entities) deepMerge(entity, received);
    return;
  }
  let representations: any[];
  let entityIndexes: number[] | undefined;
  const keyed = fetch.inputRewrites?.length ? undefined : keyedSlots(run.supergraphSchema, fetch.requires, entities);
  if (keyed) {
    // Every entity has a representation, of which only the distinct ones were made.
    if ("representations" in variables) throw new Error(`Variables cannot contain key "representations"`);
    const { distinct, slots } = keyed;
    if (distinct.length < entities.length && (await sendDistinct(run, fetch, variables, distinct, slots, entities))) return;
    representations = slots.map((slot) => distinct[slot]);
  } else {
    const select = selectorOf(run.supergraphSchema, fetch.requires);
    representations = [];
    entityIndexes = [];
    for (let index = 0; index < entities.length; index++) {
      const representation = select(entities[index]);
      if (representation && representation.__typename) {
        applyRewrites(run.supergraphSchema, fetch.inputRewrites, representation);
        representations.push(representation);
        entityIndexes.push(index);
      }
    }
    if (representations.length < 1) return;
    if ("representations" in variables) throw new Error(`Variables cannot contain key "representations"`);
    if (representations.length === entities.length && !fetch.inputRewrites?.length && (await mergeDistinct(run, fetch, variables, representations, entities))) return;
  }
  const received = await send({ ...variables, representations });
  if (!received) return;
  if (!Array.isArray(received._entities)) throw new Error(`Expected "data._entities" in response to be an array`);
  const receivedEntities = received._entities;
  if (receivedEntities.length !== representations.length) throw new Error(`Expected "data._entities" to contain ${representations.length} elements`);
  // Bounded by `entities.length` as in the gateway's own executor (indexes past the representations are undefined and merge nothing).
  for (let i = 0; i < entities.length; i++) {
    const receivedEntity = receivedEntities[i];
    const existing = entities[entityIndexes ? entityIndexes[i] : i];
    if (receivedEntity && !receivedEntity.__typename) receivedEntity.__typename = existing.__typename;
    applyRewrites(run.supergraphSchema, fetch.outputRewrites, receivedEntity);
    deepMerge(existing, receivedEntity);
  }
}

/**
 * Sends each distinct representation once and merges its answer into every entity that asked for it
 * (a fetch down nested lists repeats the same entities: the gateway-bound benchmark's 1,020
 * representations are 146 distinct). Only a clean answer is used so — no errors, one entity per
 * representation; otherwise this answers false and the fetch is sent as the stock gateway sends it,
 * so that errors (one per entity, in the subgraph's order, with their paths) are exactly its own.
 */
async function mergeDistinct(run: PlanRun, fetch: FetchNode, variables: Record<string, unknown>, representations: any[], entities: any[]): Promise<boolean> {
  const slotsOf = new RepresentationSlots();
  const slots = representations.map((representation) => slotsOf.slotOf(representation));
  return slotsOf.distinct.length < representations.length && sendDistinct(run, fetch, variables, slotsOf.distinct, slots, entities);
}

/** Sends `distinct` and merges each answer into the entities of its slot; false (nothing merged) when the answer is not clean. */
async function sendDistinct(run: PlanRun, fetch: FetchNode, variables: Record<string, unknown>, distinct: Record<string, unknown>[], slots: number[], entities: any[]): Promise<boolean> {
  const response = await run.call(fetch.serviceName, { query: fetch.operation, variables: { ...variables, representations: distinct }, operationName: fetch.operationName });
  const received = response.data?._entities;
  if (response.errors || !Array.isArray(received) || received.length !== distinct.length) return false;
  // An entity that is a string or number (truthy) fails where the stock executor fails, after merging those before it: asked again as it asks.
  if (received.some((entity) => entity && typeof entity !== "object")) return false;
  for (let slot = 0; slot < distinct.length; slot++) {
    const entity = received[slot];
    if (entity && !entity.__typename) entity.__typename = distinct[slot].__typename;
    applyRewrites(run.supergraphSchema, fetch.outputRewrites, entity);
  }
  for (let index = 0; index < entities.length; index++) deepMerge(entities[index], received[slots[index]]);
  return true;
}

/** Picks a `requires` selection out of an entity: the representation sent to `_entities`. */
type Selector = (source: any) => any;

const selectors = new WeakMap<readonly QueryPlanSelectionNode[], Selector>();

/** The selector of a fetch's `requires`, made once per plan (the plan is cached, so are its selectors). */
function selectorOf(schema: Schema, selections: readonly QueryPlanSelectionNode[]): Selector {
  let selector = selectors.get(selections);
  if (!selector) {
    selector = compileSelector(schema, selections);
    selectors.set(selections, selector);
  }
  return selector;
}

/** `selections` as a function doing what @apollo/gateway's `executeSelectionSet` does with them, without walking them each time. */
function compileSelector(schema: Schema, selections: readonly QueryPlanSelectionNode[]): Selector {
  const [only] = selections;
  if (selections.length === 1 && only.kind === Kind.INLINE_FRAGMENT && only.typeCondition) {
    // The usual `requires` (`... on T { __typename id }`): the fragment's own new object is the result, not merged into an empty one.
    const { typeCondition } = only;
    const inner = compileSelector(schema, only.selections);
    return (source) => {
      if (source === null) return null;
      if (!source || !isObjectOfType(schema, source, typeCondition)) return {};
      return inner(source) ?? {};
    };
  }
  const steps = selections.map((selection): ((source: any, result: Record<string, unknown>) => boolean) => {
    if (selection.kind === Kind.FIELD) {
      const responseName = selection.alias ?? selection.name;
      const inner = selection.selections ? compileSelector(schema, selection.selections) : undefined;
      return (source, result) => {
        if (!Object.prototype.hasOwnProperty.call(source, responseName) || source[responseName] === undefined) return false;
        const value = source[responseName];
        if (Array.isArray(value)) result[responseName] = inner ? value.map(inner) : value.slice();
        else result[responseName] = inner ? inner(value) : value;
        return true;
      };
    }
    const { typeCondition } = selection;
    if (!typeCondition) return () => true;
    const inner = compileSelector(schema, selection.selections);
    return (source, result) => {
      if (source && isObjectOfType(schema, source, typeCondition)) deepMerge(result, inner(source));
      return true;
    };
  });
  return (source) => {
    if (source === null) return null;
    // A plain object (a schema's field names never include `__proto__`): it is turned into JSON at once, faster with a shape.
    const result: Record<string, unknown> = {};
    for (const step of steps) if (!step(source, result)) return null;
    return result;
  };
}

function moveInto(cursor: Cursor, path: readonly (string | number)[]): Cursor | undefined {
  const data = flattenAt(cursor.data, path, 0);
  return data ? { path: cursor.path.concat(path), data, fullResult: cursor.fullResult } : undefined;
}

/** The values at `path`, lists flattened at `@`, as @apollo/gateway's `flattenResultsAtPath`. */
function flattenAt(value: any, path: readonly (string | number)[], from: number): any {
  let current = value;
  for (let index = from; index < path.length; index++) {
    if (current === undefined || current === null) return current;
    const element = path[index];
    if (element === "@") {
      if (!Array.isArray(current)) return (current as any).flatMap((item: any) => flattenAt(item, path, index + 1));
      const flattened: any[] = [];
      for (const item of current) collectAt(item, path, index + 1, flattened);
      return flattened;
    }
    current = fieldOf(current, element);
  }
  return current;
}

/** Appends what `flattenAt(value, path, from)` gives to `into` as `flatMap` would (an array's items, else the value), depth first, without an array per item. */
function collectAt(value: any, path: readonly (string | number)[], from: number, into: any[]): void {
  let current = value;
  for (let index = from; index < path.length && current !== undefined && current !== null; index++) {
    const element = path[index];
    if (element === "@") {
      if (!Array.isArray(current)) (current as any).flatMap(() => undefined);
      for (const item of current) collectAt(item, path, index + 1, into);
      return;
    }
    current = fieldOf(current, element);
  }
  if (Array.isArray(current)) for (const item of current) into.push(item);
  else into.push(current);
}

function fieldOf(current: any, element: string | number): any {
  if (typeof element !== "string" || Array.isArray(current)) throw new Error(`Unexpected path element ${String(element)}`);
  return Object.prototype.hasOwnProperty.call(current, element) ? current[element] : undefined;
}

function lazyErrorPath(fetch: FetchNode, cursor: Cursor): (path: ReadonlyArray<string | number> | undefined) => (string | number)[] | undefined {
  let hydrated: (string | number)[][] | undefined;
  return (errorPath) => {
    if (fetch.requires && typeof errorPath?.[1] === "number") {
      if (!hydrated) {
        hydrated = [];
        generateHydratedPaths([], cursor.path, cursor.fullResult, hydrated);
      }
      return [...(hydrated[errorPath[1]] ?? []), ...errorPath.slice(2)];
    }
    return errorPath ? [...cursor.path, ...errorPath] : undefined;
  };
}

function downstreamError(original: NonNullable<SubgraphResponse["errors"]>[number], serviceName: string, pathOf: ReturnType<typeof lazyErrorPath>): GraphQLError {
  const message = original.message || `Error while fetching subquery from service "${serviceName}"`;
  const options = { originalError: original as Error, path: pathOf(original.path), extensions: { ...original.extensions, serviceName } };
  const code = errorCodeDef(original as any);
  if (!code && original.extensions?.code) return new GraphQLError(message, options);
  return (code ?? ERRORS.DOWNSTREAM_SERVICE_ERROR).err(message, options);
}
