// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { GraphQLSchema } from "graphql";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { sweepInputs } from "../../testing/rest-inputs.js";
import { composeForTests } from "../../testing/query-plans.js";
import { schemaOfSupergraph } from "../graph-schema.js";
import { platformOf } from "../openapi/document.js";
import { REST_SERVICES } from "../services.js";

// The design platform's routes, and errors in GraphQL's words: rest-input-errors.test.ts.
const DOMAINS = ["accounts", "work", "payments", "blog", "forum", "p2p"];

let t: TestPlatform;
let p: People;
let schema: GraphQLSchema;

before(async () => {
  ({ t, p } = await startWithPeople({ JOB_WORKERS: "0" }, DOMAINS));
  schema = schemaOfSupergraph(await composeForTests());
});
after(() => t.stop());

describe("REST inputs of the business platform: every route answers bad input in the platform's words", () => {
  test("each path parameter, query parameter and body member of every route, given a bad value: no 5xx, no GraphQL wording, { field, message } naming it, nothing changed", async () => {
    const refused = await sweepInputs(t, REST_SERVICES.filter((service) => platformOf(service) === "business"), schema, false, p.superuser.token);
    assert.ok(refused > 150, `${refused} requests the adapter refused itself`);
  });

  test("an unknown enum value names the field and lists the allowed values as the route spells them", async () => {
    const questions = await t.http.get("/api/forum/questions?sort=oldest");
    assert.deepEqual([questions.status, questions.body], [400, { field: "sort", message: "sort must be one of: newest, votes, unanswered" }]);
    const role = await t.direct("auth").post("/admin/users/promote-role", { userId: p.client.userId, role: "OWNER" }, { token: p.superuser.token });
    assert.deepEqual([role.status, role.body], [400, { field: "role", message: "role must be one of: CLIENT, STAFF, ADMIN, SUPERUSER" }]);
  });

  test("members are named as the caller sent them: renamed ones, query parameters, a subgraph's own scalar", async () => {
    const cases: [string, string, unknown, unknown][] = [
      ["POST", "/api/work/workorders", { projectId: 1, title: "t", orderNumber: "o", createdBy: "me" }, { field: "createdBy", message: "createdBy must be an integer" }],
      ["POST", "/api/blog/admin/blogs", { title: "t", content: "c", author: 5 }, { field: "author", message: "author must be a string" }],
      ["POST", "/api/blog/admin/blogs", { slug: "s", title: "t", content: "c", date: "2026-13-01" }, { field: "date", message: "date must be a date (YYYY-MM-DD)" }],
      ["POST", "/api/forum/questions/1/vote", { voteType: "up" }, { field: "voteType", message: "voteType must be an integer" }],
      ["GET", "/api/work/tasks?project_id=1&project_id=2", undefined, { field: "project_id", message: "project_id must be a string" }],
      ["GET", "/api/payment/payments?invoice_id=a&invoice_id=b", undefined, { field: "invoice_id", message: "invoice_id must be a string" }],
    ];
    for (const [method, path, body, expected] of cases) {
      const response = await t.http.request(method, path, { body, token: p.superuser.token });
      assert.deepEqual([response.status, response.body], [400, expected], `${method} ${path} ${JSON.stringify(body)}: ${response.text}`);
    }
  });
});
