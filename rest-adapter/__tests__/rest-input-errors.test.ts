// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { GraphQLSchema } from "graphql";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { designScopedToken, setPlan } from "../../testing/designs.js";
import { EVERY_SCOPE } from "../../testing/brand-templates.js";
import { COMMENT_SCOPES } from "../../testing/comments.js";
import { sweepInputs } from "../../testing/rest-inputs.js";
import { composeForTests } from "../../testing/query-plans.js";
import { schemaOfSupergraph } from "../graph-schema.js";
import { platformOf } from "../openapi/document.js";
import { REST_SERVICES } from "../services.js";
import { graphErrorFor } from "../input-errors.js";
import { businessStyle, designStyle } from "../error-styles.js";
import express from "express";
import { listen } from "../../lib/http.js";
import { InternalCalls } from "../../lib/auth/internal-calls.js";
import { SUPERGRAPH_PATH, SUPERGRAPH_PROOF_HEADER, supergraphProof } from "../../lib/graphql/supergraph-endpoint.js";
import { adapterOptions, mountPrefixedServices } from "../server.js";
import { fromGateway } from "../graph-schema.js";
import { restFieldName, snakeCase } from "../rest-fields.js";
import type { RestRoute } from "../route-table.js";

// The business platform's routes: rest-input-errors-business.test.ts.
const DOMAINS = ["accounts", "identity", "assets", "designs", "imports", "exports", "resizes", "merges", "comments", "brand-templates", "folders", "analytics"];
const SCOPES = `${EVERY_SCOPE} ${COMMENT_SCOPES} brandtemplate:content:write folder:read folder:write`;

let t: TestPlatform;
let p: People;
let token: string;
let schema: GraphQLSchema;

before(async () => {
  ({ t, p } = await startWithPeople({ INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000", JOB_WORKERS: "0" }, DOMAINS));
  token = await designScopedToken(t.http, p, p.client, SCOPES, SCOPES);
  // Brand templates and autofill answer only an enterprise team: any other is refused before its input is read.
  await setPlan(t, p.client.userId, "enterprise");
  schema = schemaOfSupergraph(await composeForTests());
});
after(() => t.stop());

describe("REST inputs of the design platform: every route answers bad input in the platform's words", () => {
  test("each path parameter, query parameter and body member of every route, given a bad value: no 5xx, no GraphQL wording, { code, message } naming the field, nothing changed", async () => {
    const refused = await sweepInputs(t, REST_SERVICES.filter((service) => platformOf(service) === "design"), schema, true, token);
    assert.ok(refused > 60, `${refused} requests the adapter refused itself`);
  });

  test("an unknown enum value names the parameter and lists the allowed values", async () => {
    const designs = await t.http.get("/v1/designs?sort_by=newest", { token });
    assert.deepEqual([designs.status, designs.body], [
      400,
      { code: "invalid_field", message: "sort_by must be one of: relevance, modified_descending, modified_ascending, title_descending, title_ascending" },
    ]);
    const templates = await t.http.get("/rest/v1/brand-templates?ownership=mine", { token });
    assert.deepEqual([templates.status, templates.body], [400, { code: "invalid_field", message: "ownership must be one of: any, owned, shared" }]);
  });

  test("members are named by their REST path: nested, renamed and required ones", async () => {
    const cases: [string, unknown, string][] = [
      ["/v1/designs", { design_type: { type: "preset", name: 5 } }, "design_type.name must be one of: doc, email, presentation, whiteboard"],
      ["/v1/designs", { design_type: "doc" }, "design_type must be an object"],
      ["/v1/comments", { attached_to: { type: "design" }, message: "hi" }, "attached_to.design_id is required"],
      ["/v1/designs/1/comments", {}, "message_plaintext is required"],
      ["/v1/autofills", { brand_template_id: ["x"], data: {} }, "brand_template_id must be a string"],
      ["/v1/exports", { design_id: "1", format: { type: "mp4", quality: 5 } }, "format.quality must be one of: horizontal_480p, horizontal_720p, horizontal_1080p, horizontal_4k, vertical_480p, vertical_720p, vertical_1080p, vertical_4k"],
    ];
    for (const [path, body, message] of cases) {
      const response = await t.http.post(path, body, { token });
      assert.deepEqual([response.status, response.body], [400, { code: "invalid_field", message }], `${path} ${JSON.stringify(body)}: ${response.text}`);
    }
  });
});

describe("errors in GraphQL's words that reach the adapter anyway are turned into the platform's", () => {
  const route = (serviceName: string, method: string, path: string) =>
    REST_SERVICES.find((service) => service.name === serviceName)!.routes.find((candidate) => candidate.method === method && candidate.path === path)!;
  const worded = (message: string) => ({ message, extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });

  test("a variable's problem names the REST field, with the enum's values or the scalar's own words", () => {
    const designs = route("design", "GET", "/designs");
    const enumError = worded(`Variable "$sortBy" got invalid value "newest"; Value "newest" does not exist in "DesignSortBy" enum.`);
    assert.deepEqual(graphErrorFor(enumError, designs, designStyle, schema).body, {
      code: "invalid_field",
      message: "sort_by must be one of: relevance, modified_descending, modified_ascending, title_descending, title_ascending",
    });
    assert.deepEqual(graphErrorFor(enumError, designs, designStyle, undefined).body, { code: "invalid_field", message: "sort_by is invalid" });
    const blog = route("blog", "POST", "/admin/blogs");
    const dateError = worded(`Variable "$input" got invalid value "2026-13-01; x" at "input.date"; must be a date (YYYY-MM-DD)`);
    assert.deepEqual(graphErrorFor(dateError, blog, businessStyle, schema), { status: 400, body: { field: "date", message: "date must be a date (YYYY-MM-DD)" } });
    const missing = worded(`Variable "$input" got invalid value {} at "input"; Field "designType" of required type "DesignTypeInput!" was not provided.`);
    assert.deepEqual(graphErrorFor(missing, route("design", "POST", "/designs"), designStyle, schema).body, { code: "invalid_field", message: "design_type is required" });
    const integer = worded(`Variable "$voteType" got invalid value "up"; Int cannot represent non-integer value: "up"`);
    assert.deepEqual(graphErrorFor(integer, route("forum", "POST", "/questions/:id/vote"), businessStyle, schema).body, { field: "voteType", message: "voteType must be an integer" });
    const item = worded(`Variable "$input" got invalid value 1 at "input.tags[1]"; String cannot represent a non string value: 1`);
    assert.deepEqual(graphErrorFor(item, route("forum", "POST", "/questions"), businessStyle, schema).body, { field: "tags", message: "tags[1] must be a string" });
  });

  test("other GraphQL wording keeps its status and says nothing of the graph", () => {
    const error = { message: `Cannot query field "nope" on type "Query".`, extensions: { code: "GRAPHQL_VALIDATION_FAILED", http: { status: 400 } } };
    assert.deepEqual(graphErrorFor(error, route("work", "GET", "/projects"), businessStyle, schema), { status: 400, body: { error: "The request could not be processed" }, headers: undefined });
  });
});

describe("a route of a new domain needs to declare nothing for its errors to name its REST fields", () => {
  test("each variable path is traced to the path parameter, query parameter or body member it was built from", () => {
    const route: RestRoute = {
      method: "POST",
      path: "/folders/:folderId/items",
      operation: "mutation($id: ID!, $order: FolderOrder, $input: MoveItemsInput!) { moveItems(id: $id, order: $order, input: $input) }",
      variables: ({ params, query, body }) => ({ id: params.folderId, order: query.sort_by, input: { itemIds: body.item_ids, target: body.to } }),
    };
    const named = (path: (string | number)[]) => restFieldName(route, path, snakeCase);
    assert.deepEqual(
      [named(["id"]), named(["order"]), named(["input", "itemIds", 2]), named(["input", "target", "folderId"]), named(["input", "pinned"])],
      ["folderId", "sort_by", "item_ids[2]", "to.folder_id", "pinned"],
    );
    assert.equal(restFieldName({ ...route, errorFields: { target: "destination" } }, ["input", "target"], snakeCase), "destination");
  });
});

describe("a REST adapter in a process of its own", () => {
  test("reads the gateway's supergraph with the deployment's internal proof; without it the path does not exist", async () => {
    const url = `${t.platform.main.url}${SUPERGRAPH_PATH}`;
    const { internalCalls } = t.platform.runtime;
    const stranger = InternalCalls.forSecret("another deployment's secret, at least 32 characters");
    for (const proof of [undefined, "1.00", supergraphProof(stranger), internalCalls.sign({ authorization: undefined, query: SUPERGRAPH_PATH, variables: {} }, Date.now() - 120_000)]) {
      const response = await fetch(url, { headers: proof ? { [SUPERGRAPH_PROOF_HEADER]: proof } : {} });
      assert.equal(response.status, 404, String(proof));
    }
    const response = await fetch(url, { headers: { [SUPERGRAPH_PROOF_HEADER]: supergraphProof(internalCalls) } });
    assert.equal(response.status, 200);
    assert.match(await response.text(), /enum DesignSortBy/);
  });

  test("leaves the check to the gateway and words its refusal with the fetched schema: the field and the enum's values", async () => {
    const gatewayUrl = () => `${t.platform.main.url}/graphql`;
    const { internalCalls, log } = t.platform.runtime;
    const graphSchema = fromGateway(gatewayUrl, internalCalls, log);
    assert.equal(graphSchema.checksFirst, false);
    const app = express();
    mountPrefixedServices(app, adapterOptions(t.config, log, gatewayUrl, internalCalls, [], graphSchema));
    const adapter = await listen(app, 0, "127.0.0.1");
    try {
      for (let tries = 0; !graphSchema.current() && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await fetch(`${adapter.url}/v1/designs?sort_by=newest`, { headers: { authorization: `Bearer ${token}` } });
      assert.deepEqual([response.status, await response.json()], [
        400,
        { code: "invalid_field", message: "sort_by must be one of: relevance, modified_descending, modified_ascending, title_descending, title_ascending" },
      ]);
    } finally {
      await adapter.close();
    }
  });
});
