import assert from "node:assert/strict";
import type { TestPlatform } from "./platform.js";

/** Runs a GraphQL query through the gateway and counts the SQL statements it cost, across all subgraphs. */
export async function statementsFor(t: TestPlatform, query: string, token: string) {
  const counter = t.platform.runtime.db.statements;
  const before = counter.count;
  const response = await t.http.graphql(query, {}, token);
  assert.equal(response.body.errors, undefined, JSON.stringify(response.body.errors));
  return { statements: counter.count - before, data: response.body.data };
}
