import { ERRORS, errorCodeDef, type Schema, type VariableDefinitions } from "@apollo/federation-internals";
import { evaluateCondition, type FetchNode, type PlanNode, type QueryPlanSelectionNode } from "@apollo/query-planner";
import { GraphQLError, Kind } from "graphql";
import { createRequire } from "node:module";

// Pieces of @apollo/gateway's own executor, used as they are so merging and rewrites stay exactly its own.
const require = createRequire(import.meta.url);
const { deepMerge } = require("@apollo/gateway/dist/utilities/deepMerge") as { deepMerge: (target: any, source: any) => any };
const { applyRewrites, isObjectOfType } = require("@apollo/gateway/dist/dataRewrites") as {
  applyRewrites: (schema: Schema, rewrites: FetchNode["outputRewrites"], value: any) => void;
  isObjectOfType: (schema: Schema, object: any, typeCondition: string) => boolean;
};
const { generateHydratedPaths } = require("@apollo/gateway/dist/executeQueryPlan") as {
  generateHydratedPaths: (parent: (string | number)[], path: (string | number)[], data: any, result: (string | number)[][]) => void;
};

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
  const representations: any[] = [];
  const entityIndexes: number[] = [];
  entities.forEach((entity, index) => {
    const representation = selectFrom(run.supergraphSchema, entity, fetch.requires!);
    if (representation && representation.__typename) {
      applyRewrites(run.supergraphSchema, fetch.inputRewrites, representation);
      representations.push(representation);
      entityIndexes.push(index);
    }
  });
  if (representations.length < 1) return;
  if ("representations" in variables) throw new Error(`Variables cannot contain key "representations"`);
  const received = await send({ ...variables, representations });
  if (!received) return;
  if (!Array.isArray(received._entities)) throw new Error(`Expected "data._entities" in response to be an array`);
  const receivedEntities = received._entities;
  if (receivedEntities.length !== representations.length) throw new Error(`Expected "data._entities" to contain ${representations.length} elements`);
  // Bounded by `entities.length` as in the gateway's own executor (indexes past the representations are undefined and merge nothing).
  for (let i = 0; i < entities.length; i++) {
    const receivedEntity = receivedEntities[i];
    const existing = entities[entityIndexes[i]];
    if (receivedEntity && !receivedEntity.__typename) receivedEntity.__typename = existing.__typename;
    applyRewrites(run.supergraphSchema, fetch.outputRewrites, receivedEntity);
    deepMerge(entities[entityIndexes[i]], receivedEntity);
  }
}

/** A `requires` selection picked out of an entity (the representation sent to `_entities`). */
function selectFrom(schema: Schema, source: any, selections: readonly QueryPlanSelectionNode[]): any {
  if (source === null) return null;
  const result: Record<string, unknown> = Object.create(null);
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      const responseName = selection.alias ?? selection.name;
      const inner = selection.selections;
      if (!Object.prototype.hasOwnProperty.call(source, responseName) || source[responseName] === undefined) return null;
      const value = source[responseName];
      if (Array.isArray(value)) result[responseName] = value.map((element) => (inner ? selectFrom(schema, element, inner) : element));
      else result[responseName] = inner ? selectFrom(schema, value, inner) : value;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || !source) continue;
      if (isObjectOfType(schema, source, selection.typeCondition)) deepMerge(result, selectFrom(schema, source, selection.selections));
    }
  }
  return result;
}

function moveInto(cursor: Cursor, path: readonly (string | number)[]): Cursor | undefined {
  const data = flattenAt(cursor.data, path);
  return data ? { path: cursor.path.concat(path), data, fullResult: cursor.fullResult } : undefined;
}

function flattenAt(value: any, path: readonly (string | number)[]): any {
  if (path.length === 0 || value === undefined || value === null) return value;
  const [current, ...rest] = path;
  if (current === "@") return value.flatMap((element: any) => flattenAt(element, rest));
  if (typeof current !== "string" || Array.isArray(value)) throw new Error(`Unexpected path element ${String(current)}`);
  return flattenAt(Object.prototype.hasOwnProperty.call(value, current) ? value[current] : undefined, rest);
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
