// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { registerPeople, type People } from "../../testing/people.js";
import { designToken } from "../../testing/assets.js";
import { startFaultProxy, targetOf, type FaultProxy } from "../../testing/fault-proxy.js";
import { eventually, sleep, steadyLoad } from "../../testing/steady-load.js";
import { DOMAINS } from "../../subgraphs/registry.js";

// PGlite lives inside the platform's process and cannot go away: the outage is one of a PostgreSQL server.
const postgres = process.env.DATABASE_URL;

let proxy: FaultProxy;
let t: TestPlatform;
let p: People;
let designUserToken: string;

describe("PostgreSQL goes away under steady load and comes back", { skip: !postgres && "needs DATABASE_URL (embedded PGlite cannot go down)" }, () => {
  before(async () => {
    proxy = await startFaultProxy(targetOf(postgres!, 5432));
    t = await startTestPlatform({ DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_STATEMENT_TIMEOUT_MS: "3000", ROLE_CACHE_SECONDS: "0" }, DOMAINS, { databaseUrl: (url) => proxy.via(url) });
    p = await registerPeople(t.http);
    designUserToken = await designToken(t.http, p, p.client, "profile:read");
  });
  after(async () => {
    await t?.stop();
    await proxy?.close();
  });

  test("503 with Retry-After in each platform's shape (never 500), GraphQL SERVICE_UNAVAILABLE, /readyz false; then service resumes and no acknowledged write is lost", async () => {
    const acknowledged: string[] = [];
    let restored!: () => void;
    const loadEnds = new Promise<void>((resolve) => (restored = resolve));
    const load = steadyLoad(
      4,
      async (loop) => {
        if (loop === 3) return t.direct("work").get("/projects", { token: p.superuser.token });
        const created = await t.direct("work").post("/projects", { name: `Load ${loop}`, clientId: p.superuser.userId }, { token: p.superuser.token });
        if (created.status === 201) acknowledged.push(String(created.body.id));
        return created;
      },
      loadEnds,
    );
    await sleep(1_000);
    proxy.cut();
    await sleep(1_500);

    const ready = await t.http.get("/readyz");
    assert.equal(ready.status, 503);
    assert.match(ready.body.checks.database, /^unavailable/);
    const graphql = await t.http.graphql(`{ me { id } }`, {}, p.client.token);
    assert.equal(graphql.body.errors?.[0]?.extensions.code, "SERVICE_UNAVAILABLE", graphql.text);
    assert.equal(graphql.body.errors[0].extensions.http.status, 503);
    const design = await t.http.get("/v1/users/me", { token: designUserToken });
    assert.equal(design.status, 503, design.text);
    assert.equal(design.body.code, "service_unavailable");
    assert.equal(typeof design.body.message, "string");
    assert.ok(Number(design.headers.get("retry-after")) > 0);
    await sleep(1_500);

    proxy.restore();
    const recoveredIn = await eventually(async () => (await t.direct("work").get("/projects", { token: p.superuser.token })).status === 200, 20_000, "service after the outage");
    const writesBefore = acknowledged.length;
    await eventually(async () => acknowledged.length > writesBefore, 10_000, "a write after the outage");
    restored();
    const report = await load;

    const statuses = Object.fromEntries(report.statuses);
    assert.deepEqual(Object.keys(statuses).filter((status) => !["200", "201", "503"].includes(status)), [], `statuses seen: ${JSON.stringify(statuses)}`);
    assert.ok((statuses["503"] ?? 0) > 0, `the outage was seen: ${JSON.stringify(statuses)}`);
    const refused = report.firstOf.get(503)!;
    assert.ok(Number(refused.headers.get("retry-after")) > 0, "503 says when to retry");
    assert.equal(typeof refused.body.error, "string", "the business platform's { error } shape");
    assert.ok(report.slowestMs < 15_000, `requests fail fast instead of piling up: slowest ${Math.round(report.slowestMs)} ms`);
    assert.ok(recoveredIn < 20_000);

    assert.equal((await t.http.get("/readyz")).status, 200);
    for (const id of acknowledged) {
      const read = await t.direct("work").get(`/projects/${id}`, { token: p.superuser.token });
      assert.equal(read.status, 200, `acknowledged project ${id} is there: ${read.text}`);
    }
    console.log(`database outage: ${JSON.stringify(statuses)}, slowest ${Math.round(report.slowestMs)} ms, recovered in ${recoveredIn} ms, ${acknowledged.length} writes kept`);
  });
});
