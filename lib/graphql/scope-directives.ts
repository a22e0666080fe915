import { defaultFieldResolver, isObjectType, type GraphQLFieldConfig, type GraphQLSchema } from "graphql";
import { requireDesignPrincipal, type AuthState } from "../auth/request-auth.js";
import { ForbiddenError } from "../errors.js";

function scopeAlternatives(field: { astNode?: GraphQLFieldConfig<unknown, unknown>["astNode"] | null }): string[][] | undefined {
  const directives = field.astNode?.directives ?? [];
  if (directives.some((d) => d.name.value === "authenticated") && !directives.some((d) => d.name.value === "requiresScopes")) return [[]];
  const requires = directives.find((d) => d.name.value === "requiresScopes");
  const argument = requires?.arguments?.find((a) => a.name.value === "scopes")?.value;
  if (!argument || argument.kind !== "ListValue") return undefined;
  return argument.values.map((set) => (set.kind === "ListValue" ? set.values.flatMap((v) => (v.kind === "StringValue" ? [v.value] : [])) : []));
}

/**
 * Enforces federation's `@authenticated` and `@requiresScopes` in the subgraph itself: the caller must
 * hold a design-platform access token with every scope of at least one of the listed sets.
 */
export function enforceScopeDirectives(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const alternatives = scopeAlternatives(field);
      if (!alternatives) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: { auth: AuthState }, info) => {
        let refusal: unknown;
        for (const scopes of alternatives) {
          try {
            requireDesignPrincipal(context.auth, scopes);
            return resolve(source, args, context, info);
          } catch (error) {
            if (!(error instanceof ForbiddenError)) throw error;
            refusal ??= error;
          }
        }
        throw refusal;
      };
    }
  }
  return schema;
}
