// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { HttpClient } from "../../testing/http.js";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ JOB_WORKERS: "0" })));
after(() => t.stop());

const aliased = (count: number, field: (i: number) => string) => Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join("\n");
const REGISTER = (i: number) => `registerWithEmailPassword(input: { email: "alias${i}@example.com", password: "Sup3rSecret", name: "A" }) { userId }`;

/** Refused before any resolver ran: 400, a validation error, no data. */
function assertRefused(response: { status: number; body: any; text: string }, pattern: RegExp) {
  assert.equal(response.status, 400, response.text);
  assert.equal(response.body.data, undefined);
  assert.match(response.body.errors.map((e: { message: string }) => e.message).join("\n"), pattern);
}

describe("GraphQL operation limits, at the gateway and on every subgraph", () => {
  test("200 aliased registrations in one request are refused and create nobody", async () => {
    const users = await t.platform.runtime.db.prisma.user.count();
    assertRefused(await t.http.graphql(`mutation { ${aliased(200, REGISTER)} }`), /more th[ae][nt] 2000 tokens/);
    const fewer = `mutation { ${aliased(16, REGISTER)} }`;
    assertRefused(await t.http.graphql(fewer), /aliases/i);
    assertRefused(await t.http.graphql(`mutation { ${aliased(2, REGISTER)} }`), /At most one sign-in, registration or identity-linking mutation per request \(found 2\)/);
    assert.equal(await t.platform.runtime.db.prisma.user.count(), users);
  });

  test("two password-hashing mutations in one request are refused, even without aliases", async () => {
    const users = await t.platform.runtime.db.prisma.user.count();
    const twice = `mutation { ${REGISTER(1000)} loginWithEmailPassword(input: { email: "${p.client.email}", password: "Sup3rSecret" }) { token } }`;
    assertRefused(await t.http.graphql(twice), /At most one sign-in, registration or identity-linking mutation per request \(found 2\)/);
    assert.equal(await t.platform.runtime.db.prisma.user.count(), users);
  });

  test("1,000 aliased fields, deep nesting, too many root fields, too many tokens and too high a cost are refused", async () => {
    assertRefused(await t.http.graphql(`{ ${aliased(1000, () => "projects { id }")} }`, {}, p.staff.token), /2000 tokens/);
    assertRefused(await t.http.graphql(`{ ${aliased(16, () => "projects { id }")} }`, {}, p.staff.token), /aliases/i);
    const deep = "{ projects { client { projects { client { projects { client { projects { client { projects { client { projects { client { id } } } } } } } } } } } } }";
    assertRefused(await t.http.graphql(deep, {}, p.staff.token), /depth/i);
    const roots = `{ ${Array.from({ length: 11 }, (_, i) => (i % 2 ? `r${i}: me { id }` : `me${i}: me { id }`)).join(" ")} }`;
    assertRefused(await t.http.graphql(roots, {}, p.staff.token), /At most 10 root fields per operation \(found 11\)/);
    assertRefused(await t.http.graphql(`{ me { ${Array.from({ length: 2100 }, () => "id").join(" ")} } }`, {}, p.staff.token), /tokens/i);
    // 20 projects × (1 + 20 tasks × (1 + assignee × (1 + 20 projects × (1 + 20 tasks × 2)))) = 328,820
    const costly = "{ projects { tasks { assignee { projects { tasks { id } } } } } }";
    assertRefused(await t.http.graphql(costly, {}, p.staff.token), /estimated cost 328820 is over the limit of 20000/);
  });

  test("ordinary operations, fragments included, still pass", async () => {
    const ok = await t.http.graphql(`query { ...Me projects { id name tasks { id assignee { email } } } } fragment Me on Query { me { id email } }`, {}, p.staff.token);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.errors, undefined);
  });

  test("a subgraph reached directly refuses the same abuse (before any resolver)", async () => {
    const accounts = new HttpClient(t.platform.subgraphs.accounts.url);
    const users = await t.platform.runtime.db.prisma.user.count();
    const response = await accounts.post("/graphql", { query: `mutation { ${aliased(200, REGISTER)} }` });
    assert.equal(response.body.data, undefined, response.text);
    assert.equal(response.body.errors[0].extensions.http.status, 400);
    assert.equal(await t.platform.runtime.db.prisma.user.count(), users);
    const work = new HttpClient(t.platform.subgraphs.work.url);
    const wide = await work.post("/graphql", { query: `{ ${aliased(40, () => "projects { id }")} }` }, { token: p.staff.token });
    assert.equal(wide.body.data, undefined);
    assert.match(wide.body.errors[0].message, /aliases/i);
  });
});

/** Production refuses an open first-comer SUPERUSER, so the cast's root claims it with a secret. */
const PRODUCTION = { JOB_WORKERS: "0", NODE_ENV: "production", BOOTSTRAP_SECRET: "operation-limits-bootstrap-secret" };

describe("production mode", () => {
  let production: TestPlatform;
  let open: TestPlatform;
  before(async () => {
    ({ t: production } = await startWithPeople({ ...PRODUCTION }));
    ({ t: open } = await startWithPeople({ ...PRODUCTION, GRAPHQL_INTROSPECTION: "true" }));
  });
  after(async () => {
    await production?.stop();
    await open?.stop();
  });

  test("introspection and the explorer are off unless GRAPHQL_INTROSPECTION=true", async () => {
    const refused = await production.http.graphql(`{ __schema { queryType { name } } }`);
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.errors?.[0].message ?? "", /introspection/i);
    const page = await production.http.get("/graphql", { headers: { accept: "text/html" } });
    assert.doesNotMatch(page.text, /<html/i, "no explorer page");
    const allowed = await open.http.graphql(`{ __schema { queryType { name } } }`);
    assert.deepEqual(allowed.body.data, { __schema: { queryType: { name: "Query" } } });
    assert.equal((await production.http.get("/pages/explorer.js")).status, 404, "no explorer script either");
    const explorer = await open.http.get("/graphql", { headers: { accept: "text/html" } });
    assert.equal(explorer.status, 200);
    assert.match(explorer.text, /<script src="\/pages\/explorer.js">/);
    assert.doesNotMatch(explorer.text, /https?:\/\//, "nothing from another origin");
    assert.match(explorer.headers.get("content-security-policy") ?? "", /script-src 'self'/);
  });

  test("validation errors do not suggest field names; outside production they do", async () => {
    const masked = await production.http.graphql(`{ projectz { id } }`);
    assert.doesNotMatch(JSON.stringify(masked.body), /Did you mean/);
    const development = await t.http.graphql(`{ projectz { id } }`);
    assert.match(JSON.stringify(development.body), /Did you mean/);
  });

  test("no stack trace leaves the server", async () => {
    const broken = await production.http.graphql(`{ me { id } }`, {}, "not-a-token");
    assert.doesNotMatch(JSON.stringify(broken.body), /stacktrace|at .*\.ts:\d+/);
  });
});
