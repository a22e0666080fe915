import { defaultFieldResolver, isObjectType, type ConstDirectiveNode, type GraphQLField, type GraphQLSchema } from "graphql";
import { hasRole, ROLES, type RoleName } from "../auth/business-token.js";
import { requireCaller, requireDesignPrincipal, requirePrincipal, type AuthState } from "../auth/request-auth.js";
import { ForbiddenError } from "../errors.js";

/** Which platform's tokens `@authenticated` means in a subgraph. */
export type Platform = "business" | "design";

/**
 * Business-platform policies in `@policy(policies: [[…]])`: a role (SUPERUSER holds every role),
 * `USER` (any signed-in user), `OPERATOR` (the deployment's command-line tools). The outer list is a
 * choice, an inner list must hold together — federation's own semantics.
 */
export const POLICIES = ["USER", "OPERATOR", ...ROLES] as const;
type Policy = (typeof POLICIES)[number];

/** One way of being allowed to use a field. */
type Requirement =
  | { kind: "design"; scopes: string[] }
  | { kind: "business"; policies: Policy[] };

function stringLists(directive: ConstDirectiveNode | undefined, argument: string): string[][] | undefined {
  const value = directive?.arguments?.find((a) => a.name.value === argument)?.value;
  if (!directive) return undefined;
  if (value?.kind !== "ListValue") throw new Error(`@${directive.name.value} needs ${argument}: [[…]]`);
  return value.values.map((set) => (set.kind === "ListValue" ? set.values.flatMap((v) => (v.kind === "StringValue" ? [v.value] : [])) : []));
}

/** The alternatives a field's directives allow, or undefined when it carries none. */
export function requirementsOf(field: GraphQLField<unknown, unknown>, platform: Platform, coordinate: string): Requirement[] | undefined {
  const directives = field.astNode?.directives ?? [];
  const named = (name: string) => directives.find((d) => d.name.value === name);
  const scopes = stringLists(named("requiresScopes"), "scopes");
  const policies = stringLists(named("policy"), "policies");
  const authenticated = named("authenticated") !== undefined;
  if (!scopes && !policies && !authenticated) return undefined;
  for (const policy of (policies ?? []).flat()) {
    if (!(POLICIES as readonly string[]).includes(policy)) throw new Error(`${coordinate}: unknown policy "${policy}" (one of ${POLICIES.join(", ")})`);
  }
  const alternatives: Requirement[] = [
    ...(scopes ?? []).map((set) => ({ kind: "design" as const, scopes: set })),
    ...(policies ?? []).map((set) => ({ kind: "business" as const, policies: set as Policy[] })),
  ];
  if (authenticated && alternatives.length === 0) {
    alternatives.push(platform === "design" ? { kind: "design", scopes: [] } : { kind: "business", policies: ["USER"] });
  }
  return alternatives;
}

function checkBusiness(auth: AuthState, policies: Policy[]): void {
  const caller = policies.includes("OPERATOR") ? requireCaller(auth) : requirePrincipal(auth);
  for (const policy of policies) {
    if (policy === "OPERATOR") {
      if (!caller.operator) throw new ForbiddenError("Insufficient permissions");
    } else if (policy !== "USER" && !hasRole(caller.roles, policy as RoleName)) {
      throw new ForbiddenError("Insufficient permissions");
    }
  }
}

/** Allowed by one of the alternatives, or refused with the refusal of the caller's own platform. */
export function checkRequirements(auth: AuthState, alternatives: readonly Requirement[]): void {
  let refusal: unknown;
  for (const requirement of alternatives) {
    try {
      if (requirement.kind === "design") requireDesignPrincipal(auth, requirement.scopes);
      else checkBusiness(auth, requirement.policies);
      return;
    } catch (error) {
      // A caller of the right platform lacking a scope or role hears that, not another platform's 401.
      const speaksThisPlatform = (requirement.kind === "design") === (auth.status === "design");
      if (refusal === undefined || (speaksThisPlatform && error instanceof ForbiddenError && !(refusal instanceof ForbiddenError))) refusal = error;
    }
  }
  throw refusal;
}

/**
 * Enforces `@authenticated`, `@requiresScopes` and `@policy` in the subgraph itself, before any
 * resolver of the field runs. Every subgraph's schema passes through here (see schema-builder.ts).
 */
export function enforceAuthDirectives(schema: GraphQLSchema, platform: Platform): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const alternatives = requirementsOf(field, platform, `${type.name}.${field.name}`);
      if (!alternatives) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: { auth: AuthState }, info) => {
        checkRequirements(context.auth, alternatives);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
