// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { GraphQLSchema } from "graphql";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { designScopedToken, setPlan } from "../../testing/designs.js";
import { EVERY_SCOPE } from "../../testing/brand-templates.js";
import { COMMENT_SCOPES } from "../../testing/comments.js";
import { GRAPHQL_WORDING, inBatches, inputProbes, probedRoute, rowCounts, sendProbe, type InputProbe } from "../../testing/rest-inputs.js";
import type { HttpResponse } from "../../testing/http.js";
import { composedGraphSchema } from "../graph-schema.js";
import { platformOf } from "../openapi/document.js";
import { REST_SERVICES } from "../services.js";
import { graphErrorFor } from "../input-errors.js";
import { businessStyle, designStyle } from "../error-styles.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";

const SCOPES = `${EVERY_SCOPE} ${COMMENT_SCOPES}`;

let t: TestPlatform;
let p: People;
let designToken: string;
let schema: GraphQLSchema;

before(async () => {
  ({ t, p } = await startWithPeople({ INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000", JOB_WORKERS: "0" }));
  designToken = await designScopedToken(t.http, p, p.client, SCOPES, SCOPES);
  // Brand templates and autofill answer only an enterprise team: any other is refused before its input is read.
  await setPlan(t, p.client.userId, "enterprise");
  schema = composedGraphSchema(MANIFESTS)!;
});
after(() => t.stop());

const services = REST_SERVICES.map((service) => ({ service, design: platformOf(service) === "design" }));
const probes = () =>
  services.flatMap(({ service, design }) =>
    service.routes.filter(probedRoute).flatMap((route) => inputProbes(service, route, schema, design).map((probe) => ({ probe, design, textErrors: route.textErrors }))),
  );

/** What every answer to a bad input must be: no 5xx, no GraphQL wording, the platform's error shape, the field named. */
function assertAnswer(response: HttpResponse, probe: InputProbe, design: boolean): void {
  const seen = `${probe.label} → ${response.status} ${response.text.slice(0, 300)}`;
  assert.ok(response.status < 500, seen);
  assert.doesNotMatch(response.text, GRAPHQL_WORDING, seen);
  if (response.status >= 400) {
    const body = response.body;
    if (design) assert.ok(typeof body.code === "string" && typeof body.message === "string", seen);
    else assert.ok(typeof body.error === "string" || (typeof body.field === "string" && typeof body.message === "string"), seen);
  }
  if (!probe.names) return;
  assert.equal(response.status, 400, seen);
  const message: string = response.body.message ?? response.body.error;
  if (design) assert.match(message, new RegExp(`(^|\\W)${probe.names}(\\W|$)`), seen);
  else assert.ok(response.body.field === probe.names || new RegExp(`(^|\\W)${probe.names}(\\W|$)`).test(message), seen);
  if (probe.saying) assert.match(message, probe.saying, seen);
}

describe("REST inputs: every route of both platforms answers bad input in its platform's words", () => {
  test("each query parameter, body member and path parameter of every route, given a bad value: no 5xx, no GraphQL wording, the field named, nothing changed", async () => {
    const all = probes();
    const db = t.platform.runtime.db.prisma;
    const before = await rowCounts(db);
    const refused = all.filter(({ probe }) => probe.names);
    await inBatches(refused, 8, async ({ probe, design }) => assertAnswer(await sendProbe(t.http, probe, design ? designToken : p.superuser.token), probe, design));
    assert.deepEqual(await rowCounts(db), before, "a refused request changed nothing");
    const others = all.filter(({ probe }) => !probe.names);
    await inBatches(others, 8, async ({ probe, design, textErrors }) => {
      const response = await sendProbe(t.http, probe, design ? designToken : p.superuser.token);
      if (textErrors) assert.ok(response.status < 500 && !GRAPHQL_WORDING.test(response.text), `${probe.label} → ${response.status} ${response.text}`);
      else assertAnswer(response, probe, design);
    });
    assert.ok(refused.length > 100, `${refused.length} probes the adapter refuses itself`);
  });

  test("an unknown enum value names the parameter and lists the allowed values as the platform spells them", async () => {
    const designs = await t.http.get("/v1/designs?sort_by=newest", { token: designToken });
    assert.deepEqual([designs.status, designs.body], [
      400,
      { code: "invalid_field", message: "sort_by must be one of: relevance, modified_descending, modified_ascending, title_descending, title_ascending" },
    ]);
    const questions = await t.http.get("/api/forum/questions?sort=oldest");
    assert.deepEqual([questions.status, questions.body], [400, { field: "sort", message: "sort must be one of: newest, votes, unanswered" }]);
    const role = await t.http.post("/api/auth/admin/users/promote-role", { userId: p.client.userId, role: "OWNER" }, { token: p.superuser.token });
    assert.deepEqual([role.status, role.body], [400, { field: "role", message: "role must be one of: CLIENT, STAFF, ADMIN, SUPERUSER" }]);
  });

  test("members are named by their REST path: nested members, renamed members, required ones", async () => {
    const cases: [string, string, unknown, unknown][] = [
      ["/v1/designs", "POST", { design_type: { type: "preset", name: 5 } }, { code: "invalid_field", message: "design_type.name must be one of: doc, email, presentation, whiteboard" }],
      ["/v1/designs", "POST", { design_type: "doc" }, { code: "invalid_field", message: "design_type must be an object" }],
      ["/v1/comments", "POST", { attached_to: { type: "design" }, message: "hi" }, { code: "invalid_field", message: "attached_to.design_id is required" }],
      ["/v1/designs/1/comments", "POST", {}, { code: "invalid_field", message: "message_plaintext is required" }],
      ["/v1/autofills", "POST", { brand_template_id: ["x"], data: {} }, { code: "invalid_field", message: "brand_template_id must be a string" }],
      ["/api/work/workorders", "POST", { projectId: 1, title: "t", orderNumber: "o", createdBy: "me" }, { field: "createdBy", message: "createdBy must be an integer" }],
      ["/api/blog/admin/blogs", "POST", { title: "t", content: "c", author: 5 }, { field: "author", message: "author must be a string" }],
      ["/api/forum/questions/1/vote", "POST", { voteType: "up" }, { field: "voteType", message: "voteType must be an integer" }],
    ];
    for (const [path, method, body, expected] of cases) {
      const response = await t.http.request(method, path, { body, token: path.startsWith("/v1") ? designToken : p.superuser.token });
      assert.deepEqual([response.status, response.body], [400, expected], `${method} ${path} ${JSON.stringify(body)}: ${response.text}`);
    }
  });
});

describe("errors in GraphQL's words that reach the adapter anyway are turned into the platform's", () => {
  const route = (serviceName: string, method: string, path: string) => REST_SERVICES.find((service) => service.name === serviceName)!.routes.find((candidate) => candidate.method === method && candidate.path === path)!;
  const worded = (message: string) => ({ message, extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });

  test("a variable's problem names the REST field, with the enum's values or the scalar's own words", () => {
    const designs = route("design", "GET", "/designs");
    const enumError = worded(`Variable "$sortBy" got invalid value "newest"; Value "newest" does not exist in "DesignSortBy" enum.`);
    assert.deepEqual(graphErrorFor(enumError, designs, designStyle, schema).body, {
      code: "invalid_field",
      message: "sort_by must be one of: relevance, modified_descending, modified_ascending, title_descending, title_ascending",
    });
    assert.deepEqual(graphErrorFor(enumError, designs, designStyle, undefined).body, { code: "invalid_field", message: "sort_by must be a valid DesignSortBy" });
    const blog = route("blog", "POST", "/admin/blogs");
    const dateError = worded(`Variable "$input" got invalid value "2026-13-01; x" at "input.date"; must be a date (YYYY-MM-DD)`);
    assert.deepEqual(graphErrorFor(dateError, blog, businessStyle, schema), { status: 400, body: { field: "date", message: "date must be a date (YYYY-MM-DD)" } });
    const missing = worded(`Variable "$input" got invalid value {} at "input"; Field "designType" of required type "DesignTypeInput!" was not provided.`);
    assert.deepEqual(graphErrorFor(missing, route("design", "POST", "/designs"), designStyle, schema).body, { code: "invalid_field", message: "design_type is required" });
    const integer = worded(`Variable "$voteType" got invalid value "up"; Int cannot represent non-integer value: "up"`);
    assert.deepEqual(graphErrorFor(integer, route("forum", "POST", "/questions/:id/vote"), businessStyle, schema).body, { field: "voteType", message: "voteType must be an integer" });
  });

  test("other GraphQL wording keeps its status and says nothing of the graph", () => {
    const error = { message: `Cannot query field "nope" on type "Query".`, extensions: { code: "GRAPHQL_VALIDATION_FAILED", http: { status: 400 } } };
    const rendered = graphErrorFor(error, route("work", "GET", "/projects"), businessStyle, schema);
    assert.deepEqual(rendered, { status: 400, body: { error: "The request could not be processed" }, headers: undefined });
  });
});
