// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isObjectType, type GraphQLField, type GraphQLResolveInfo } from "graphql";
import type { RoleName } from "../../lib/auth/business-token.js";
import type { AuthState } from "../../lib/auth/request-auth.js";
import { requirementsOf } from "../../lib/graphql/auth-directives.js";
import { buildDomainSchema } from "../../lib/graphql/schema-builder.js";
import type { DomainModule } from "../../lib/modules/domain-module.js";
import { createLimiterFactory } from "../../lib/rate-limit.js";
import fixture from "../../testing/fixture-domain/module.js";
import { DOMAINS } from "../registry.js";

const REACHED = "the field's resolver ran";

const anonymous: AuthState = { status: "anonymous" };
const user = (roles: RoleName[]): AuthState => ({ status: "authenticated", principal: { kind: "business", userId: 7, email: "u@example.com", name: "U", roles } });
const operator: AuthState = { status: "authenticated", principal: { kind: "business", userId: 0, email: null, name: "operator", roles: [], operator: true } };
const design = (scopes: string[]): AuthState => ({
  status: "design",
  principal: { kind: "design", userId: 7, subject: "U7", clientId: "OC-test", scopes, jti: "j", familyId: "F", teamId: "T" },
});

/**
 * Every domain's schema as the builder makes it, with no resolvers of its own: each field answers
 * `REACHED` (the default resolver reads it from the parent), so only the builder stands in the way.
 */
function guardedFields(domain: DomainModule) {
  const schema = buildDomainSchema({ typeDefs: domain.typeDefs, resolvers: {}, platform: domain.platform, rateLimiting: { limiters: createLimiterFactory({ keyPrefix: "walk" }), userMultiplier: 1 } });
  return Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .flatMap((type) =>
      Object.values(type.getFields()).flatMap((field) => {
        const coordinate = `${type.name}.${field.name}`;
        const alternatives = requirementsOf(field as GraphQLField<unknown, unknown>, domain.platform, coordinate);
        return alternatives ? [{ coordinate, field, alternatives }] : [];
      }),
    );
}

async function outcome(field: GraphQLField<unknown, unknown>, auth: AuthState): Promise<string | number> {
  try {
    return (await field.resolve!({ [field.name]: REACHED }, {}, { auth, loaders: {} }, { fieldName: field.name } as GraphQLResolveInfo)) as string;
  } catch (error) {
    return (error as { extensions?: { http?: { status?: number } } }).extensions?.http?.status ?? String(error);
  }
}

describe("auth directives are enforced by the one schema builder, in every domain", () => {
  for (const domain of [...DOMAINS, fixture]) {
    test(`${domain.name}: every field with @authenticated, @requiresScopes or @policy refuses callers without the right credentials`, async () => {
      const fields = guardedFields(domain);
      assert.ok(fields.length > 0, `${domain.name} declares no guarded field`);
      for (const { coordinate, field, alternatives } of fields) {
        assert.equal(await outcome(field, anonymous), 401, `${coordinate} without a token`);
        const kinds = new Set(alternatives.map((alternative) => alternative.kind));
        if (!kinds.has("business")) assert.equal(await outcome(field, user(["SUPERUSER"])), 401, `${coordinate} with a business token`);
        if (!kinds.has("design")) assert.equal(await outcome(field, design(["asset:read", "asset:write", "profile:read", "openid"])), 401, `${coordinate} with a design token`);
        for (const alternative of alternatives) {
          if (alternative.kind === "design") {
            assert.equal(await outcome(field, design(alternative.scopes)), REACHED, `${coordinate} with scopes ${alternative.scopes}`);
            if (alternative.scopes.length && !alternatives.some((a) => a.kind === "design" && a.scopes.length === 0)) {
              assert.equal(await outcome(field, design(["some:other"])), 403, `${coordinate} without its scopes`);
            }
            continue;
          }
          const roles = alternative.policies.filter((policy): policy is RoleName => !["USER", "OPERATOR"].includes(policy));
          const allowed: AuthState = alternative.policies.includes("OPERATOR") ? operator : user(roles.length ? roles : ["CLIENT"]);
          assert.equal(await outcome(field, allowed), REACHED, `${coordinate} with ${alternative.policies}`);
          const anyUser = alternatives.some((a) => a.kind === "business" && a.policies.every((policy) => policy === "USER"));
          if (!anyUser) assert.equal(await outcome(field, user(["CLIENT"])), 403, `${coordinate} as a CLIENT`);
          if (!alternatives.some((a) => a.kind === "business" && a.policies.includes("OPERATOR"))) {
            assert.equal(await outcome(field, operator), 401, `${coordinate} with an operator token`);
          }
        }
      }
    });
  }

  test("a policy the platform does not know fails the build (a typo cannot ship an open field)", () => {
    const typo = JSON.parse(JSON.stringify(DOMAINS.find((d) => d.name === "work")!.typeDefs).replaceAll('"STAFF"', '"STAF"'));
    assert.throws(() => buildDomainSchema({ typeDefs: typo, resolvers: {}, platform: "business", rateLimiting: { limiters: createLimiterFactory({ keyPrefix: "walk" }), userMultiplier: 1 } }), /unknown policy "STAF"/);
  });
});
