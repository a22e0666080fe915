// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { GraphQLFormattedError } from "graphql";
import type { Client } from "graphql-ws";
import { uniqueEmail } from "../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { domainNamed } from "../../subgraphs/registry.js";

/** Production, with limits small enough to reach: two aliases per operation, two password checks per address and minute. */
const PRODUCTION = { JOB_WORKERS: "0", NODE_ENV: "production", GRAPHQL_MAX_ALIASES: "2", ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE: "2" };
const LOGIN = `mutation($input: LoginEmailPasswordInput!) { loginWithEmailPassword(input: $input) { token } }`;
const wrongPassword = () => ({ input: { email: uniqueEmail("guess"), password: "Wr0ngPassword" } });
const INTROSPECTION = `{ __schema { queryType { name } } }`;

let production: TestPlatform;
/** Production with introspection allowed, behind a proxy on loopback (`TRUST_PROXY`). */
let proxied: TestPlatform;
const clients: Client[] = [];

before(async () => {
  const accounts = [domainNamed("accounts")];
  [production, proxied] = await Promise.all([
    startTestPlatform(PRODUCTION, accounts),
    startTestPlatform({ ...PRODUCTION, GRAPHQL_INTROSPECTION: "true", TRUST_PROXY: "loopback" }, accounts),
  ]);
});
after(async () => {
  for (const client of clients) await client.dispose();
  await Promise.all([production?.stop(), proxied?.stop()]);
});

function socket(t: TestPlatform, upgradeHeaders?: Record<string, string>): Client {
  const client = wsClient(t.http.baseUrl, undefined, upgradeHeaders);
  clients.push(client);
  return client;
}

/** One operation over the socket: the errors it was refused with (graphql-ws `error`), else its result. */
async function overSocket(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<{ refused?: GraphQLFormattedError[]; result?: any }> {
  const followed = follow(client, query, variables);
  const { error } = await followed.ended;
  return error ? { refused: error as GraphQLFormattedError[] } : { result: followed.results[0] };
}

/** The code a failed sign-in over the socket answers with. */
async function signInCode(client: Client): Promise<string> {
  const { result } = await overSocket(client, LOGIN, wrongPassword());
  return result?.errors?.[0]?.extensions?.code;
}

describe("graphql-ws applies HTTP's production rules", () => {
  const refusedByHttp: [string, string][] = [
    ["an unknown field next to a known one", `{ mee { id } }`],
    ["introspection", INTROSPECTION],
    ["too many aliases", `{ a: me { id } b: me { id } c: me { id } }`],
    ["two sign-ins in one operation", `mutation { loginWithEmailPassword(input: { email: "a@example.com", password: "x" }) { token } registerWithEmailPassword(input: { email: "b@example.com", password: "Sup3rSecret", name: "B" }) { userId } }`],
    ["a syntax error", `{ me { id `],
  ];

  test("in production the socket refuses what HTTP refuses with HTTP's very errors (no field suggestion, no stack trace, no introspection unless allowed) and runs the rest as HTTP does", async () => {
    const client = socket(production);
    for (const [what, query] of refusedByHttp) {
      const http = await production.http.graphql(query);
      assert.equal(http.status, 400, `${what}: ${http.text}`);
      const { refused } = await overSocket(client, query);
      assert.deepEqual(refused, http.body.errors, `${what}: the socket answers as HTTP`);
      assert.doesNotMatch(JSON.stringify(refused), /Did you mean|"me"|stacktrace|\.ts:\d+/, what);
    }
    const { refused } = await overSocket(client, `{ mee { id } }`);
    assert.match(refused?.[0].message ?? "", /^Cannot query field "mee" on type "Query"\.$/);
    // What HTTP runs runs the same over the socket: an operation's errors, and introspection where GRAPHQL_INTROSPECTION=true.
    const unauthenticated = await overSocket(client, `{ me { id } }`);
    assert.deepEqual(unauthenticated.result, (await production.http.graphql(`{ me { id } }`)).body);
    const introspected = await overSocket(socket(proxied), INTROSPECTION);
    assert.deepEqual(introspected.result, { data: { __schema: { queryType: { name: "Query" } } } });
    assert.deepEqual(introspected.result, (await proxied.http.graphql(INTROSPECTION)).body);
  });
});

describe("a WebSocket client's address is taken from its upgrade request as HTTP takes it", () => {
  test("behind a trusted proxy a socket client spending its address's sign-in budget locks out only that address; without one, a forged X-Forwarded-For opens no budget", async () => {
    const first = socket(proxied, { "x-forwarded-for": "198.51.100.1" });
    const second = socket(proxied, { "x-forwarded-for": "198.51.100.2" });
    assert.deepEqual([await signInCode(first), await signInCode(first), await signInCode(first)], ["UNAUTHENTICATED", "UNAUTHENTICATED", "RATE_LIMITED"]);
    assert.equal(await signInCode(second), "UNAUTHENTICATED", "another address's socket client still signs in");
    const sameAddress = await proxied.http.post("/graphql", { query: LOGIN, variables: wrongPassword() }, { headers: { "x-forwarded-for": "198.51.100.1" } });
    assert.equal(sameAddress.body.errors?.[0].extensions.code, "RATE_LIMITED", "HTTP from the first address shares its budget");
    // Without TRUST_PROXY, X-Forwarded-For on the upgrade is ignored: the connection's own address is counted.
    const forged = socket(production, { "x-forwarded-for": "203.0.113.7" });
    assert.deepEqual([await signInCode(forged), await signInCode(forged), await signInCode(forged)], ["UNAUTHENTICATED", "UNAUTHENTICATED", "RATE_LIMITED"]);
    assert.equal(await signInCode(socket(production, { "x-forwarded-for": "203.0.113.8" })), "RATE_LIMITED", "another forged address opens no budget");
    const plain = await production.http.graphql(LOGIN, wrongPassword());
    assert.equal(plain.body.errors?.[0].extensions.code, "RATE_LIMITED", "HTTP from the same connection address shares it");
  });
});

describe("choosing the operation of a document", () => {
  test("several operations without operationName, or an operationName naming none, is a 400 on HTTP as on the socket, never a 500", async () => {
    const query = `query A { me { id } } query B { __typename }`;
    for (const body of [{ query }, { query, operationName: "C" }]) {
      const response = await production.http.request("POST", "/graphql", { body, headers: { "apollo-require-preflight": "true" } });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.errors[0].extensions.code, "OPERATION_RESOLUTION_FAILURE", response.text);
    }
    const named = await production.http.request("POST", "/graphql", { body: { query, operationName: "B" } });
    assert.deepEqual([named.status, named.body.data], [200, { __typename: "Query" }]);
  });
});
