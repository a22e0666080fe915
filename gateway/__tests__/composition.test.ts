// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildSchema } from "graphql";
import { parse } from "graphql";
import { composeServices } from "@apollo/composition";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { composeForTests } from "../../testing/query-plans.js";

describe("composition", () => {
  test("the subgraphs compose into one supergraph", async () => {
    const sdl = await composeForTests();
    const schema = buildSchema(sdl);
    assert.ok(schema.getType("User"), "User is in the supergraph");
    assert.match(sdl, /join__type\(graph: ACCOUNTS, key: "id"\)/);
    for (const { name } of MANIFESTS) assert.match(sdl, new RegExp(`url: "http://${name}.test/graphql"`));
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    assert.ok(mutations.includes("registerWithEmailPassword") && mutations.includes("promoteRole"));
  });

  test("a subgraph that contradicts another does not compose (what this test guards against)", () => {
    const accounts = parse(`extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type User @key(fields: "id") { id: Int! name: String! } type Query { me: User! }`);
    const rogue = parse(`extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type User @key(fields: "id") { id: Int! name: Int! } type Query { other: User }`);
    const result = composeServices([
      { name: "accounts", url: "http://a", typeDefs: accounts },
      { name: "rogue", url: "http://r", typeDefs: rogue },
    ]);
    assert.ok(result.errors && result.errors.length > 0);
  });
});
