// @tier contract
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { InternalCalls, SUBSCRIPTION_EVENT_HEADER } from "../../lib/auth/internal-calls.js";
import { designToken } from "../../testing/assets.js";
import { HttpClient } from "../../testing/http.js";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({ JOB_WORKERS: "0" })));
after(() => t.stop());

/** `designMe` allows 10 requests a minute per integration and user. */
const QUERY = "{ designMe { userId } }";

/** Sends `count` reads straight to the identity subgraph, each with the marker `markerOf` gives; returns the statuses seen. */
async function straightToSubgraph(token: string, count: number, markerOf: (i: number) => string): Promise<string[]> {
  const subgraph = new HttpClient(t.platform.subgraphs.identity.url);
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await subgraph.post("/graphql", { query: QUERY }, { token, headers: { [SUBSCRIPTION_EVENT_HEADER]: markerOf(i) } });
    codes.push(response.body.errors?.[0]?.extensions?.code ?? "ok");
  }
  return codes;
}

describe("what only the gateway may tell a subgraph", () => {
  test("subgraphs listen on loopback only", () => {
    for (const server of Object.values(t.platform.subgraphs)) assert.equal((server.server.address() as { address: string }).address, "127.0.0.1");
  });

  test("the old bare marker, a forged one, a stale one or one made for another request skips nothing", async () => {
    const token = await designToken(t.http, p, p.client, "profile:read");
    const { internalCalls } = t.platform.runtime;
    const authorization = `Bearer ${token}`;
    const forged = new InternalCalls(randomBytes(32));
    const markers = [
      () => "1",
      () => forged.sign({ authorization, query: QUERY, variables: {} }),
      () => internalCalls.sign({ authorization, query: QUERY, variables: {} }, Date.now() - 120_000),
      () => internalCalls.sign({ authorization, query: "{ designMe { teamId } }", variables: {} }),
    ];
    const codes = await straightToSubgraph(token, 11, (i) => markers[i % markers.length]());
    assert.deepEqual(codes.slice(0, 10), Array(10).fill("ok"));
    assert.equal(codes[10], "RATE_LIMITED", "every request counted: the eleventh is refused");
  });

  test("a marker the gateway signed for exactly this request is honoured (what subscriptions rely on)", async () => {
    const token = await designToken(t.http, p, p.otherClient, "profile:read");
    const { internalCalls } = t.platform.runtime;
    const codes = await straightToSubgraph(token, 12, () => internalCalls.sign({ authorization: `Bearer ${token}`, query: QUERY, variables: {} }));
    assert.deepEqual(codes, Array(12).fill("ok"));
  });
});
