// @tier unit
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Supergraph } from "@apollo/federation-internals";
import { parse, validate, type GraphQLSchema } from "graphql";
import { composeForTests } from "../../testing/query-plans.js";
import { documentsOf } from "../rates.js";
import { REST_SERVICES } from "../services.js";

async function apiSchema(): Promise<GraphQLSchema> {
  return Supergraph.build(await composeForTests()).apiSchema().toGraphQLJSSchema();
}

/** The validation errors of `document` against `schema`, or the syntax error. */
function problemsOf(schema: GraphQLSchema, document: string): string[] {
  try {
    return validate(schema, parse(document)).map((error) => error.message);
  } catch (error) {
    return [(error as Error).message];
  }
}

describe("REST route tables against the composed graph", () => {
  test("every operation of every route is valid against the API schema", async () => {
    const schema = await apiSchema();
    const invalid: string[] = [];
    let checked = 0;
    for (const service of REST_SERVICES) {
      for (const route of service.routes) {
        for (const document of documentsOf(route)) {
          checked++;
          for (const problem of problemsOf(schema, document)) invalid.push(`${service.name} ${route.method} ${route.path}: ${problem}`);
        }
      }
    }
    assert.deepEqual(invalid, []);
    assert.ok(checked > 60, `only ${checked} documents checked`);
  });

  test("a renamed field is caught (what this test guards against)", async () => {
    const schema = await apiSchema();
    const route = REST_SERVICES.find((service) => service.name === "work")!.routes.find((r) => r.operation.includes("projects"))!;
    assert.deepEqual(problemsOf(schema, route.operation), []);
    const renamed = route.operation.replace("projects", "projectz");
    assert.match(problemsOf(schema, renamed).join("\n"), /Cannot query field "projectz"/);
  });
});
