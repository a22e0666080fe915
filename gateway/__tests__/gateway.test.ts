// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tokenServiceOf } from "../../testing/business-tokens.js";
import { registerAndLogin } from "../../testing/accounts.js";
import { HttpClient } from "../../testing/http.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let subgraph: HttpClient;
let user: { userId: number; token: string };
before(async () => {
  t = await startTestPlatform({ CORS_ALLOW_ORIGIN: "https://app.example.com", BODY_LIMIT: "4kb" });
  subgraph = new HttpClient(t.platform.subgraphs.accounts.url);
  user = await registerAndLogin(t.http);
});
after(() => t.stop());

const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id name email } } }`;

describe("gateway", () => {
  test("GET /healthz answers 200 ok", async () => {
    for (const client of [t.http, t.direct("auth"), subgraph]) {
      const response = await client.get("/healthz");
      assert.equal(response.status, 200);
      assert.equal(response.text, "ok");
    }
    for (const path of ["/api/auth/healthz", "/api/work/healthz"]) assert.equal((await t.http.get(path)).text, "ok");
    assert.equal((await t.direct("work").get("/healthz")).text, "ok");
  });

  test("credentials reach the subgraph through the gateway", async () => {
    const response = await t.http.graphql(`{ me { id } }`, {}, user.token);
    assert.deepEqual(response.body.data, { me: { id: user.userId } });
  });

  test("CSRF prevention: a simple cross-site request is refused", async () => {
    const textPlain = await t.http.post("/graphql", `{"query":"{ __typename }"}`, { headers: { "content-type": "text/plain" } });
    assert.equal(textPlain.status, 400);
    const getWithoutPreflight = await t.http.get("/graphql?query=%7B__typename%7D");
    assert.equal(getWithoutPreflight.status, 400);
    const getWithPreflight = await t.http.get("/graphql?query=%7B__typename%7D", { headers: { "apollo-require-preflight": "1" } });
    assert.equal(getWithPreflight.status, 200);
  });

  test("a subgraph called directly verifies credentials itself", async () => {
    const anonymous = await subgraph.graphql(`{ me { id email } }`);
    assert.equal(anonymous.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    const entities = await subgraph.graphql(ENTITIES, { reps: [{ __typename: "User", id: user.userId }] });
    assert.equal(entities.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    // A user's id and name are public (forum authors are shown to anyone); every other field is not.
    assert.deepEqual(entities.body.data?._entities?.[0], { id: user.userId, name: "Test User", email: null });
    const forged = await tokenServiceOf(t.config, { secret: "x".repeat(40) }).issue({ id: user.userId, email: null, roles: ["SUPERUSER"] });
    const withForged = await subgraph.graphql(ENTITIES, { reps: [{ __typename: "User", id: user.userId }] }, forged);
    assert.equal(withForged.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    const withValid = await subgraph.graphql(ENTITIES, { reps: [{ __typename: "User", id: user.userId }] }, user.token);
    assert.equal(withValid.body.data._entities[0].id, user.userId);
  });

  test("CORS: the configured origin is allowed with credentials; others get no grant", async () => {
    const preflight = await t.http.request("OPTIONS", "/api/auth/profile", {
      headers: { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "https://app.example.com");
    assert.equal(preflight.headers.get("access-control-allow-credentials"), "true");
    assert.equal(preflight.headers.get("access-control-allow-methods"), "GET,POST,PUT,PATCH,DELETE,OPTIONS");
    assert.match(preflight.headers.get("access-control-allow-headers")!, /Content-Type,Authorization/);
    const direct = await t.direct("auth").request("OPTIONS", "/profile", {
      headers: { origin: "https://app.example.com", "access-control-request-method": "GET" },
    });
    assert.equal(direct.headers.get("access-control-allow-origin"), "https://app.example.com");
    const graphql = await t.http.request("OPTIONS", "/graphql", {
      headers: { origin: "https://app.example.com", "access-control-request-method": "POST" },
    });
    assert.equal(graphql.headers.get("access-control-allow-origin"), "https://app.example.com");
    const other = await t.http.get("/api/auth/profile", { token: user.token, headers: { origin: "https://evil.example.com" } });
    assert.notEqual(other.headers.get("access-control-allow-origin"), "https://evil.example.com");
  });

  test("oversized and malformed GraphQL bodies are 4xx GraphQL errors", async () => {
    const huge = await t.http.post("/graphql", { query: `{ __typename }`, variables: { pad: "x".repeat(10_000) } });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.errors[0].message, "Request body too large");
    const malformed = await t.http.post("/graphql", `{"query": `);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.errors[0].extensions.code, "BAD_REQUEST");
  });

  test("a query with a validation error is a 400; a failing field keeps 200 with the status in extensions", async () => {
    const invalid = await t.http.graphql(`{ me { nope } }`, {}, user.token);
    assert.equal(invalid.status, 400);
    const client = await registerAndLogin(t.http);
    const failing = await t.http.graphql(`{ users { id } }`, {}, client.token);
    assert.equal(failing.status, 200);
    assert.equal(failing.body.errors?.[0].extensions.http.status, 403);
  });
});
