// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Kind } from "graphql";
import { loadManifests } from "../catalog.js";

/** The fields of `Query` in a domain's schema files (its own type and its extensions). */
function queryFields(typeDefs: Awaited<ReturnType<typeof loadManifests>>[number]["typeDefs"]): Set<string> {
  const fields = new Set<string>();
  for (const definition of typeDefs.definitions) {
    if ((definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) && definition.name.value === "Query") {
      for (const field of definition.fields ?? []) fields.add(field.name.value);
    }
  }
  return fields;
}

describe("a subscription's first read counts against the caller's rate limit (issue #48.8)", () => {
  test("every subscription field of every design-platform domain has its query twin in the domain's rate table", async () => {
    const manifests = await loadManifests();
    const declared = manifests.flatMap((manifest) => (manifest.subscriptions ?? []).map((subscription) => ({ manifest, field: subscription.field })));
    assert.ok(declared.length >= 10, `the catalog's subscriptions: ${declared.map(({ field }) => field).join(", ")}`);
    const missing: string[] = [];
    for (const { manifest, field } of declared) {
      assert.ok(queryFields(manifest.typeDefs).has(field), `${manifest.name}: the subscription ${field} has a query twin of the same name`);
      // The rate table counts design-platform callers only (lib/graphql/design-rate-limits.ts): a business
      // domain's subgraph takes no design tokens, so there is no such caller to count.
      if (manifest.platform !== "design") continue;
      if (!manifest.rateLimits?.[`Query.${field}`]) missing.push(`${manifest.name}: Query.${field}`);
    }
    assert.deepEqual(missing, [], "twins left out of their domain's rateLimits");
  });
});
