import { Kind, parse, print, visit, type DefinitionNode, type DocumentNode, type FormattedExecutionResult, type OperationDefinitionNode, type SelectionNode } from "graphql";
import type { OperationLimits } from "../../lib/config.js";

/** A subscription's query twin, ready to take a numbered place in a merged operation. */
interface Twin {
  operation: OperationDefinitionNode;
  fragments: DefinitionNode[];
  /** Where its one root field answers in `data`. */
  responseKey: string;
  /** How many of it one operation may hold within the limits: aliases, root fields, directives, tokens. */
  mostPerOperation: number;
}

/** Twins (and their merged texts) kept at most: a bounded memory of the operations subscribers use. */
const MOST_KEPT = 256;
/** Twins by query text, per set of limits (a gateway has one). */
const twinsByLimits = new WeakMap<OperationLimits, Map<string, Twin | null>>();
const mergedTexts = new Map<string, string>();

const remember = <Value>(map: Map<string, Value>, key: string, value: Value): Value => {
  if (map.size >= MOST_KEPT) map.clear();
  map.set(key, value);
  return value;
};

const placeOf = (index: number) => `m${index}_`;

function countIn(node: DocumentNode | DefinitionNode, kind: Kind.FIELD | Kind.DIRECTIVE, aliasesOnly = false): number {
  let count = 0;
  visit(node, {
    [kind]: (found: { alias?: unknown }) => {
      if (!aliasesOnly || found.alias) count++;
    },
  });
  return count;
}

/**
 * How many copies of `document` (one root field) fit in one operation within the gateway's limits, each
 * copy's root field aliased once more; the depth does not change, and the cost of each copy is a
 * fraction of what one operation may cost when it holds a handful of fields.
 */
function mostPerOperation(document: DocumentNode, text: string, limits: OperationLimits): number {
  const aliases = countIn(document, Kind.FIELD, true) + 1;
  const directives = countIn(document, Kind.DIRECTIVE);
  const tokens = text.split(/[\s,]+|(?=[{}():$!@=[\]])/).length + 4;
  const fields = countIn(document, Kind.FIELD);
  return Math.max(
    1,
    Math.min(
      limits.maxRootFields,
      Math.floor(limits.maxAliases / aliases),
      directives ? Math.floor(limits.maxDirectives / directives) : Infinity,
      Math.floor(limits.maxTokens / tokens),
      Math.floor(limits.maxCost / (fields * limits.defaultListSize)),
    ),
  );
}

/** The twin of `query`, or null when it cannot be merged (several operations, operation directives, variables inside fragments). */
function twinOf(query: string, limits: OperationLimits): Twin | null {
  let twins = twinsByLimits.get(limits);
  if (!twins) twinsByLimits.set(limits, (twins = new Map()));
  const known = twins.get(query);
  if (known !== undefined) return known;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return remember(twins, query, null);
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const [root] = operations[0]?.selectionSet.selections ?? [];
  const mergeable =
    operations.length === 1 &&
    operations[0].selectionSet.selections.length === 1 &&
    root?.kind === Kind.FIELD &&
    !operations[0].directives?.length &&
    fragments.every((fragment) => !print(fragment).includes("$"));
  if (!mergeable) return remember(twins, query, null);
  return remember(twins, query, { operation: operations[0], fragments, responseKey: root.alias?.value ?? root.name.value, mostPerOperation: mostPerOperation(document, query, limits) });
}

/** The twin's root field and variable definitions at place `index`: variables and the field's response key prefixed with the place. */
function placed(twin: Twin, index: number): Pick<OperationDefinitionNode, "variableDefinitions" | "selectionSet"> {
  const prefix = placeOf(index);
  const renamed = visit(twin.operation, {
    Variable: (node) => ({ ...node, name: { ...node.name, value: prefix + node.name.value } }),
  });
  const [root] = renamed.selectionSet.selections as [SelectionNode & { kind: Kind.FIELD }];
  return { variableDefinitions: renamed.variableDefinitions, selectionSet: { ...renamed.selectionSet, selections: [{ ...root, alias: { kind: Kind.NAME, value: prefix } }] } };
}

function mergedText(twin: Twin, query: string, count: number): string {
  const key = `${count}\u0000${query}`;
  const known = mergedTexts.get(key);
  if (known) return known;
  const places = Array.from({ length: count }, (_, index) => placed(twin, index));
  const operation: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: "query" as OperationDefinitionNode["operation"],
    variableDefinitions: places.flatMap((place) => place.variableDefinitions ?? []),
    selectionSet: { kind: Kind.SELECTION_SET, selections: places.flatMap((place) => place.selectionSet.selections) },
  };
  return remember(mergedTexts, key, print({ kind: Kind.DOCUMENT, definitions: [operation, ...twin.fragments] }));
}

/** How many reads of `query` one merged operation may hold (1: it is read on its own). */
export function mostMerged(query: string, limits: OperationLimits): number {
  return twinOf(query, limits)?.mostPerOperation ?? 1;
}

/**
 * Reads of one twin `query` with different variables as one operation: each read's root field at a
 * place of its own (`m0_`, `m1_`, …, its variables prefixed alike), and how to split the answer. A split
 * gives undefined when the answer holds any error: then each read must run on its own, so that its
 * errors, and a null that would spread from one root field to the others, stay its own.
 *
 * The operation always has as many places as the limits allow, the last read repeated in those left
 * over: one text per twin, so the gateway and the subgraph parse, validate and plan it once (planning a
 * text per number of reads cost a first burst 100–200 ms), and a repeated read is the request's own
 * loaders' (no statement more).
 */
export function mergeReads(
  query: string,
  variables: readonly Record<string, unknown>[],
  limits: OperationLimits,
): { query: string; variables: Record<string, unknown>; split: (result: FormattedExecutionResult) => FormattedExecutionResult[] | undefined } | undefined {
  const twin = twinOf(query, limits);
  const places = twin?.mostPerOperation ?? 1;
  if (!twin || variables.length < 2 || variables.length > places) return undefined;
  const merged: Record<string, unknown> = {};
  for (let index = 0; index < places; index++) {
    for (const [name, value] of Object.entries(variables[Math.min(index, variables.length - 1)])) merged[placeOf(index) + name] = value;
  }
  return {
    query: mergedText(twin, query, places),
    variables: merged,
    split: (result) => {
      const data = result.data;
      // Refused as a whole (a limit the estimate missed): fewer places from now on.
      if (result.errors?.some((error) => !error.path?.length)) twin.mostPerOperation = Math.max(1, Math.floor(places / 2));
      if (result.errors?.length || !data) return undefined;
      return variables.map((_, index) => ({ data: { [twin.responseKey]: data[placeOf(index)] } }));
    },
  };
}
