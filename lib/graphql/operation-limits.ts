import type { ApolloServerPlugin, GraphQLRequestListener } from "@apollo/server";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLFieldMap,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import type { OperationLimits } from "../config.js";

export type { OperationLimits };

/**
 * Root fields that hash a password, check a signature or create an account: expensive by design, so
 * one request may hold at most one of them (aliases cannot multiply the work).
 */
export const GUARDED_MUTATIONS = new Set([
  "registerWithEmailPassword",
  "registerWithBlockchain",
  "loginWithEmailPassword",
  "loginWithBlockchain",
  "linkIdentity",
]);

/** The code of every refusal for a limit (the token limit aside: a parse error), whichever check refuses. */
export const OPERATION_TOO_LARGE = "OPERATION_TOO_LARGE";
const TOO_LARGE = { code: OPERATION_TOO_LARGE, http: { status: 400 } };

const codeOf = (error: unknown) => (error as { extensions?: { code?: unknown } } | undefined)?.extensions?.code;

/** Whether `error`, or the error it wraps (Apollo Server's validation failure wraps the rule's), is a refusal for a limit. */
export function isOperationTooLarge(error: unknown): boolean {
  return codeOf(error) === OPERATION_TOO_LARGE || codeOf((error as { originalError?: unknown } | undefined)?.originalError) === OPERATION_TOO_LARGE;
}

const tooLarge = (message: string) => new GraphQLError(message, { extensions: TOO_LARGE });
const refuse = (context: ValidationContext, message: string) => context.reportError(tooLarge(message));
const overCost = (cost: number, limits: OperationLimits) => `The operation's estimated cost ${Number.isFinite(cost) ? cost : "(unbounded)"} is over the limit of ${limits.maxCost}`;

/** Root fields of an operation, through fragments on the root type. */
function rootFields(context: ValidationContext, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value.startsWith("__") ? [] : [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(context, selection.selectionSet, seen);
    const fragment = context.getFragment(selection.name.value);
    if (!fragment || seen.has(fragment.name.value)) return [];
    seen.add(fragment.name.value);
    return rootFields(context, fragment.selectionSet, seen);
  });
}

/** The arguments that say how many items a list field answers. */
const SIZE_ARGUMENTS = new Set(["limit", "first"]);

const sizeOf = (value: unknown): number | undefined => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined);

/** What an estimate reads besides the selection: the schema, the fragments, and the operation's variables once they are known. */
interface Estimate {
  schema: GraphQLSchema;
  fragment(name: string): FragmentDefinitionNode | undefined;
  limits: OperationLimits;
  /** The request's variables; undefined at validation, before they are known. */
  variables: Record<string, unknown> | undefined;
  /** The operation estimated (its variables' defaults). */
  operation: OperationDefinitionNode;
  /** Set when a list's size is given in a variable: the estimate is made again once the variables are known. */
  usesVariables: boolean;
}

/**
 * How many items a list field counts for: its `limit` / `first` argument, given inline or in a variable
 * (the variable's value, else its default). Null, or a variable left unset, asks for what the field gives
 * by default: the argument's default in the schema. Else (no such argument) the default list size. At
 * validation, before the variables are known, a size given in a variable counts 0: the operation is
 * estimated again with them (`costWithVariables`).
 */
function listSize(node: FieldNode, field: GraphQLField<unknown, unknown>, estimate: Estimate): number {
  const fallback = estimate.limits.defaultListSize;
  const argument = node.arguments?.find((a) => SIZE_ARGUMENTS.has(a.name.value));
  if (!argument) return fallback;
  const { value } = argument;
  let asked: unknown = null;
  if (value.kind === Kind.INT) asked = Number(value.value);
  else if (value.kind === Kind.VARIABLE) {
    estimate.usesVariables = true;
    if (!estimate.variables) return 0;
    const name = value.name.value;
    const defaultValue = estimate.operation.variableDefinitions?.find((d) => d.variable.name.value === name)?.defaultValue;
    asked = estimate.variables[name] === undefined && defaultValue?.kind === Kind.INT ? Number(defaultValue.value) : estimate.variables[name];
  } else if (value.kind !== Kind.NULL) return fallback;
  return sizeOf(asked) ?? sizeOf(field.args.find((a) => a.name === argument.name.value)?.defaultValue) ?? fallback;
}

function fieldsOf(type: GraphQLOutputType): GraphQLFieldMap<unknown, unknown> | undefined {
  const named = getNamedType(type);
  return isObjectType(named) || isInterfaceType(named) ? named.getFields() : undefined;
}

/** Estimated cost of a selection: each field 1 plus its selection's cost, multiplied by its list size. */
function costOf(estimate: Estimate, selectionSet: SelectionSetNode, type: GraphQLOutputType, depth = 0): number {
  if (depth > estimate.limits.maxDepth * 2) return Number.POSITIVE_INFINITY;
  const fields = fieldsOf(type);
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? (estimate.schema.getType(selection.typeCondition.name.value) as GraphQLOutputType) : type;
      total += costOf(estimate, selection.selectionSet, on ?? type, depth + 1);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = estimate.fragment(selection.name.value);
      const on = fragment && (estimate.schema.getType(fragment.typeCondition.name.value) as GraphQLOutputType);
      if (fragment) total += costOf(estimate, fragment.selectionSet, on ?? type, depth + 1);
    } else {
      const field = fields?.[selection.name.value];
      if (!field) continue;
      // A subgraph's `_entities` fetch is one step of a plan whose whole cost the gateway estimated, the
      // lists around the entities included; counting it as a default-size list again would refuse plans of accepted operations.
      const entityFetch = depth === 0 && selection.name.value === "_entities";
      const multiplier = isListType(getNullableType(field.type)) && !entityFetch ? listSize(selection, field, estimate) : 1;
      const below = selection.selectionSet ? costOf(estimate, selection.selectionSet, field.type, depth + 1) : 0;
      total += multiplier * (1 + below);
    }
  }
  return total;
}

/** The operation's estimated cost, and whether a list's size in it is given in a variable. */
function operationCost(estimate: Omit<Estimate, "usesVariables">): { cost: number; usesVariables: boolean } {
  const root = estimate.schema.getRootType(estimate.operation.operation);
  const counting: Estimate = { ...estimate, usesVariables: false };
  const cost = root ? costOf(counting, estimate.operation.selectionSet, root) : 0;
  return { cost, usesVariables: counting.usesVariables };
}

/** Root fields, guarded mutations and estimated cost of every operation; documents whose cost depends on their variables go in `usingVariables`. */
function operationRule(limits: OperationLimits, usingVariables: WeakSet<DocumentNode>): ValidationRule {
  return (context) => ({
    OperationDefinition(operation: OperationDefinitionNode) {
      const roots = rootFields(context, operation.selectionSet);
      if (roots.length > limits.maxRootFields) refuse(context, `At most ${limits.maxRootFields} root fields per operation (found ${roots.length})`);
      const guarded = roots.filter((name) => GUARDED_MUTATIONS.has(name));
      if (operation.operation === "mutation" && guarded.length > 1) {
        refuse(context, `At most one sign-in, registration or identity-linking mutation per request (found ${guarded.length})`);
      }
      const { cost, usesVariables } = operationCost({ schema: context.getSchema(), fragment: (name) => context.getFragment(name) ?? undefined, limits, variables: undefined, operation });
      if (usesVariables) usingVariables.add(context.getDocument());
      if (cost > limits.maxCost) refuse(context, overCost(cost, limits));
    },
  });
}

/**
 * The estimated cost once the variables are known, for operations whose lists take their size from a
 * variable (validation counted those at 0): past the limit, refused before any resolver, as validation
 * refuses (400 `OPERATION_TOO_LARGE`).
 */
function costWithVariables(limits: OperationLimits, usingVariables: WeakSet<DocumentNode>): ApolloServerPlugin {
  const listener: GraphQLRequestListener<any> = {
    async didResolveOperation({ document, operation, request, schema }) {
      if (!operation || !usingVariables.has(document)) return;
      const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
      const { cost } = operationCost({ schema, fragment: (name) => fragments.get(name), limits, variables: request.variables ?? {}, operation });
      if (cost > limits.maxCost) throw tooLarge(overCost(cost, limits));
    },
  };
  return { requestDidStart: async () => listener };
}

/**
 * The limits: as validation rules, depth, aliases, directives (graphql-armor) and root fields, guarded
 * mutations and cost (here); and the cost again once the variables are known, as a plugin of Apollo
 * Server. Tokens are limited by the parser itself (`OperationRules.parseOptions`).
 */
export function operationLimitRules(limits: OperationLimits): { validationRules: ValidationRule[]; plugin: ApolloServerPlugin } {
  // graphql-armor would report its refusals as BAD_USER_INPUT: they are reported with the code of every limit.
  const reported = { propagateOnRejection: false, onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(tooLarge(error.message))] };
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ...reported },
    maxAliases: { n: limits.maxAliases, ...reported },
    maxDirectives: { n: limits.maxDirectives, ...reported },
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    // Suggestions are masked by `OperationRules.formatError`, for every transport.
    blockFieldSuggestion: { enabled: false },
  }).protect();
  const usingVariables = new WeakSet<DocumentNode>();
  return { validationRules: [...armor.validationRules, operationRule(limits, usingVariables)], plugin: costWithVariables(limits, usingVariables) };
}

/** Subgraphs enforce the same limits with twice the headroom: a plan made from an accepted operation always passes. */
export function subgraphHeadroom(limits: OperationLimits): OperationLimits {
  return {
    ...limits,
    maxDepth: limits.maxDepth * 2,
    maxAliases: limits.maxAliases * 2,
    maxRootFields: limits.maxRootFields * 2,
    maxTokens: limits.maxTokens * 2,
    maxDirectives: limits.maxDirectives * 2,
    maxCost: limits.maxCost * 2,
  };
}
