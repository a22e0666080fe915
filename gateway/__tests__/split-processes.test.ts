// @tier process
// @depends postgres, redis
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { PASSWORD, uniqueEmail } from "../../testing/accounts.js";
import { createTestDatabase, withMigratedPglite, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { freeDirectPorts, freePort, startProcess, SUBGRAPH_PROCESSES, waitUntilHealthy, type Child } from "../../testing/processes.js";

let database: TestDatabase;
const children: Child[] = [];
let gateway: HttpClient;
let rest: HttpClient;
let authDirect: HttpClient;
let workDirect: HttpClient;
let accountsSubgraph: HttpClient;

async function startHealthy(entry: string | string[], env: Record<string, string>, healthUrl: string, timeoutMs?: number): Promise<void> {
  const child = startProcess(entry, env);
  children.push(child);
  await waitUntilHealthy(healthUrl, child, timeoutMs);
}

// Sixteen processes to start on two cores, beside whatever other test file runs meanwhile: more than the default five minutes.
before(async () => {
  database = await createTestDatabase();
  const common = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
  const subgraphUrls: Record<string, string> = {};
  // Started four at a time: one after another, sixteen processes each migrating their own PGlite take
  // minutes; all at once, they starve the test file running beside this one.
  const waiting = [...SUBGRAPH_PROCESSES];
  const startNext = async (): Promise<void> => {
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const { name, entry, portVariable, urlVariable } = next;
      const port = await freePort();
      // Embedded PGlite belongs to one process: without PostgreSQL each subgraph keeps its own data directory.
      const dataDir = database.databaseUrl ? {} : { DATA_DIR: `${database.dataDir}/${name}` };
      if (!database.databaseUrl) await withMigratedPglite(`${database.dataDir}/${name}`);
      await startHealthy(entry, { ...common, ...dataDir, [portVariable]: String(port) }, `http://127.0.0.1:${port}/healthz`, 240_000);
      subgraphUrls[urlVariable] = `http://127.0.0.1:${port}/graphql`;
    }
  };
  await Promise.all(Array.from({ length: 4 }, startNext));
  const [gatewayPort, restPort] = await Promise.all(Array.from({ length: 2 }, () => freePort()));
  const directPorts = await freeDirectPorts();
  const [authPort, workPort] = [directPorts.AUTH_PORT, directPorts.WORK_PORT];
  // The gateway serves the REST paths too, with the business services' own ports: on free ports of its own here.
  await startHealthy("gateway/index.ts", { ...common, ...subgraphUrls, ...(await freeDirectPorts()), PORT: String(gatewayPort) }, `http://127.0.0.1:${gatewayPort}/healthz`);
  await startHealthy(
    "rest-adapter/index.ts",
    {
      ...common,
      REST_PORT: String(restPort),
      ...directPorts,
      GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/graphql`,
    },
    `http://127.0.0.1:${authPort}/healthz`,
  );
  gateway = new HttpClient(`http://127.0.0.1:${gatewayPort}`);
  accountsSubgraph = new HttpClient(new URL(subgraphUrls.ACCOUNTS_SUBGRAPH_URL).origin);
  rest = new HttpClient(`http://127.0.0.1:${restPort}`);
  authDirect = new HttpClient(`http://127.0.0.1:${authPort}`);
  workDirect = new HttpClient(`http://127.0.0.1:${workPort}`);
}, { timeout: 600_000 });

after(async () => {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
});

describe("split processes: every subgraph, the gateway and the REST adapter each on their own", () => {
  test("register on the REST adapter, log in on the direct port, read the profile through the gateway", async () => {
    const email = uniqueEmail("split");
    const registered = await rest.post("/api/auth/register-email-password", { email, password: PASSWORD, name: "Split" });
    assert.equal(registered.status, 201, registered.text);
    const login = await authDirect.post("/login-email-password", { email, password: PASSWORD });
    assert.equal(login.status, 200);
    const me = await gateway.graphql(`{ me { id email roles } }`, {}, login.body.token);
    assert.deepEqual(me.body.data.me, { id: registered.body.userId, email, roles: ["SUPERUSER"] });
    const profile = await rest.get("/api/auth/profile", { token: login.body.token });
    assert.equal(profile.body.email, email);
    const project = await workDirect.post("/projects", { name: "Split", clientId: registered.body.userId }, { token: login.body.token });
    if (!database.databaseUrl) {
      // Domains share one database (ARCHITECTURE.md): on embedded databases of their own, work cannot see
      // the user accounts registered, so the reference is refused, clearly, and nothing is made.
      assert.deepEqual([project.status, project.body], [400, { field: "clientId", message: "no user has this id" }]);
    } else {
      assert.equal(project.status, 201, project.text);
      const viaRest = await rest.get(`/api/work/projects/${project.body.id}`, { token: login.body.token });
      assert.equal(viaRest.body.name, "Split");
      const federated = await gateway.graphql(`{ projects { name client { email capabilities } } }`, {}, login.body.token);
      assert.deepEqual(federated.body.data.projects, [{ name: "Split", client: { email, capabilities: [] } }]);
    }
    const keys = await rest.get("/rest/v1/oidc/jwks");
    assert.equal(keys.body.keys[0].kty, "RSA");
  });

  test("the gateway alone is the one origin: the REST paths, OAuth and discovery answer beside /graphql", async () => {
    const email = uniqueEmail("origin");
    const registered = await gateway.post("/api/auth/register-email-password", { email, password: PASSWORD, name: "Origin" });
    assert.equal(registered.status, 201, registered.text);
    const discovery = await gateway.get("/.well-known/openid-configuration");
    assert.equal(discovery.status, 200);
    const jwks = await fetch(discovery.body.jwks_uri.replace(discovery.body.issuer, gateway.baseUrl));
    assert.equal(jwks.status, 200);
    assert.equal((await gateway.get("/oauth/authorize")).status, 400, "the consent page answers (a request without a client is refused)");
    assert.equal((await gateway.get("/v1/oidc/jwks")).status, 200);
  });

  test("every process says it is ready: a subgraph (its database), the gateway (every subgraph), the REST adapter (the gateway)", async () => {
    const subgraph = await accountsSubgraph.get("/readyz");
    assert.equal(subgraph.status, 200, subgraph.text);
    assert.equal(subgraph.body.checks.database, "ok");
    const graph = await gateway.get("/readyz");
    assert.equal(graph.status, 200, graph.text);
    assert.equal(graph.body.checks["subgraph:accounts"], "ok");
    for (const adapter of [rest, authDirect]) {
      const ready = await adapter.get("/readyz");
      assert.deepEqual([ready.status, ready.body], [200, { status: "ready", checks: { gateway: "ok" } }]);
    }
  });
});
