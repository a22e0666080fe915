import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { GraphQLFormattedError } from "graphql";
import type { Client } from "graphql-ws";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { domainNamed } from "../../subgraphs/registry.js";

/** Production, with an alias limit small enough to reach. */
const PRODUCTION = { JOB_WORKERS: "0", NODE_ENV: "production", GRAPHQL_MAX_ALIASES: "2" };
const INTROSPECTION = `{ __schema { queryType { name } } }`;

let production: TestPlatform;
/** Production with introspection allowed. */
let open: TestPlatform;
const clients: Client[] = [];

before(async () => {
  const accounts = [domainNamed("accounts")];
  [production, open] = await Promise.all([
    startTestPlatform(PRODUCTION, accounts),
    startTestPlatform({ ...PRODUCTION, GRAPHQL_INTROSPECTION: "true" }, accounts),
  ]);
});
after(async () => {
  for (const client of clients) await client.dispose();
  await Promise.all([production?.stop(), open?.stop()]);
});

function socket(t: TestPlatform): Client {
  const client = wsClient(t.http.baseUrl);
  clients.push(client);
  return client;
}

/** One operation over the socket: the errors it was refused with (graphql-ws `error`), else its result. */
async function overSocket(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<{ refused?: GraphQLFormattedError[]; result?: any }> {
  const followed = follow(client, query, variables);
  const { error } = await followed.ended;
  return error ? { refused: error as GraphQLFormattedError[] } : { result: followed.results[0] };
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
    const introspected = await overSocket(socket(open), INTROSPECTION);
    assert.deepEqual(introspected.result, { data: { __schema: { queryType: { name: "Query" } } } });
    assert.deepEqual(introspected.result, (await open.http.graphql(INTROSPECTION)).body);
  });
});
