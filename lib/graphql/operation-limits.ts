import { ApolloArmor } from "@escape.tech/graphql-armor";
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type FieldNode,
  type GraphQLFieldMap,
  type GraphQLOutputType,
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

const refuse = (context: ValidationContext, message: string) =>
  context.reportError(new GraphQLError(message, { extensions: { code: "OPERATION_TOO_LARGE", http: { status: 400 } } }));

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

function listSize(field: FieldNode, fallback: number): number {
  const argument = field.arguments?.find((a) => a.name.value === "limit" || a.name.value === "first");
  const given = argument?.value.kind === Kind.INT ? Number(argument.value.value) : undefined;
  return given !== undefined && given >= 0 ? given : fallback;
}

function fieldsOf(type: GraphQLOutputType): GraphQLFieldMap<unknown, unknown> | undefined {
  const named = getNamedType(type);
  return isObjectType(named) || isInterfaceType(named) ? named.getFields() : undefined;
}

/** Estimated cost of a selection: each field 1 plus its selection's cost, multiplied by its list size. */
function costOf(context: ValidationContext, selectionSet: SelectionSetNode, type: GraphQLOutputType, limits: OperationLimits, depth = 0): number {
  if (depth > limits.maxDepth * 2) return Number.POSITIVE_INFINITY;
  const fields = fieldsOf(type);
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? (context.getSchema().getType(selection.typeCondition.name.value) as GraphQLOutputType) : type;
      total += costOf(context, selection.selectionSet, on ?? type, limits, depth + 1);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = context.getFragment(selection.name.value);
      const on = fragment && (context.getSchema().getType(fragment.typeCondition.name.value) as GraphQLOutputType);
      if (fragment) total += costOf(context, fragment.selectionSet, on ?? type, limits, depth + 1);
    } else {
      const field = fields?.[selection.name.value];
      if (!field) continue;
      // A subgraph's `_entities` fetch is one step of a plan whose whole cost the gateway estimated, the
      // lists around the entities included; counting it as a default-size list again would refuse plans of accepted operations.
      const entityFetch = depth === 0 && selection.name.value === "_entities";
      const multiplier = isListType(getNullableType(field.type)) && !entityFetch ? listSize(selection, limits.defaultListSize) : 1;
      const below = selection.selectionSet ? costOf(context, selection.selectionSet, field.type, limits, depth + 1) : 0;
      total += multiplier * (1 + below);
    }
  }
  return total;
}

/** Root fields, guarded mutations and estimated cost of every operation. */
function operationRule(limits: OperationLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation: OperationDefinitionNode) {
      const roots = rootFields(context, operation.selectionSet);
      if (roots.length > limits.maxRootFields) refuse(context, `At most ${limits.maxRootFields} root fields per operation (found ${roots.length})`);
      const guarded = roots.filter((name) => GUARDED_MUTATIONS.has(name));
      if (operation.operation === "mutation" && guarded.length > 1) {
        refuse(context, `At most one sign-in, registration or identity-linking mutation per request (found ${guarded.length})`);
      }
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const cost = costOf(context, operation.selectionSet, root, limits);
      if (cost > limits.maxCost) refuse(context, `The operation's estimated cost ${Number.isFinite(cost) ? cost : "(unbounded)"} is over the limit of ${limits.maxCost}`);
    },
  });
}

/**
 * The limits as validation rules: depth, aliases, directives (graphql-armor) and root fields, guarded
 * mutations and cost (here). Tokens are limited by the parser itself (`OperationRules.parseOptions`).
 */
export function operationLimitRules(limits: OperationLimits): ValidationRule[] {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth, flattenFragments: true },
    maxAliases: { n: limits.maxAliases },
    maxDirectives: { n: limits.maxDirectives },
    maxTokens: { enabled: false },
    costLimit: { enabled: false },
    // Suggestions are masked by `OperationRules.formatError`, for every transport.
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return [...armor.validationRules, operationRule(limits)];
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
