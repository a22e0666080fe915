// @tier unit
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Kind, parse, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { DesignRateTable } from "../../lib/graphql/design-rate-limits.js";
import { composeForTests } from "../../testing/query-plans.js";
import { DOMAINS } from "../../subgraphs/registry.js";
import { securityOf, supergraphSchema, platformOf } from "../openapi/document.js";
import { documentedRates, documentsOf, routeRate } from "../rates.js";
import { REST_SERVICES } from "../services.js";
import type { RestRoute } from "../route-table.js";

let schema: GraphQLSchema;
let rates: DesignRateTable;

before(async () => {
  schema = supergraphSchema(await composeForTests());
  rates = documentedRates(DOMAINS);
});

/** Whether any operation the route runs needs a signed-in caller (the limits count per integration and user). */
function needsCaller(route: RestRoute): boolean {
  return documentsOf(route).some((document) => {
    const operation = parse(document).definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
    return securityOf(schema, operation).authenticated;
  });
}

const designRoutes = () => REST_SERVICES.filter((service) => platformOf(service) === "design").flatMap((service) => service.routes);
const named = (route: RestRoute) => `${route.method} ${route.path}`;

describe("documented rate limits: declared once, by the domains", () => {
  test("every design route a caller signs in for takes its limit from its domain's rateLimits", () => {
    const routes = designRoutes().filter(needsCaller);
    assert.ok(routes.length > 30, `only ${routes.length} signed-in design routes`);
    assert.deepEqual(routes.filter((route) => routeRate(route, rates) === undefined).map(named), []);
  });

  test("no route states a limit of its own (the number lives in the domain's rateLimits only)", () => {
    const stating = REST_SERVICES.flatMap((service) => service.routes).filter((route) => Object.hasOwn(route, "rate"));
    assert.deepEqual(stating.map(named), []);
  });

  test("a route takes the limit of its operation's root field, or of its upload ticket's", () => {
    const table: DesignRateTable = { "Mutation.requestAssetUpload": { operation: "createAssetUploadJob", perMinute: 30 }, "Query.asset": { operation: "getAsset", perMinute: 100 } };
    assert.equal(routeRate({ operation: `query($id: ID!) { asset(id: $id) { id } }` }, table), 100);
    const upload = { ticketOperation: `mutation { requestAssetUpload(name: "a") { uploadId } }`, ticketVariables: () => ({}), ticket: () => ({ uploadId: "", uploadUrl: "" }) };
    assert.equal(routeRate({ operation: `mutation { createAssetUploadJob(uploadId: "u") { id } }`, upload }, table), 30);
    assert.equal(routeRate({ operation: `query { designMe { userId } }` }, table), undefined);
  });

  test("root fields of different limits in one route, or a field limited by two domains, are refused", () => {
    const table: DesignRateTable = { "Query.a": { operation: "a", perMinute: 10 }, "Query.b": { operation: "b", perMinute: 20 } };
    assert.throws(() => routeRate({ operation: `{ a b }` }, table), /different limits/);
    assert.throws(() => documentedRates([{ name: "one", rateLimits: table }, { name: "two", rateLimits: { "Query.a": table["Query.a"] } }]), /Query\.a is rate-limited by two domains/);
  });
});
