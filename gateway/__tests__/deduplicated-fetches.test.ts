// @tier contract
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { InternalCalls } from "../../lib/auth/internal-calls.js";
import { RATE_COUNTED_HEADER } from "../../lib/rate-limit.js";
import type { GatewayContext } from "../graph.js";
import { SubgraphClient, type InProcessSubgraph } from "../subgraph-client/client.js";

/** A subgraph over HTTP that counts what reaches it and answers as each test says, after `delayMs`. */
interface WireSubgraph {
  url: string;
  requests: { authorization?: string; body: any }[];
  answer: (body: any) => { status?: number; body?: unknown; cut?: boolean; delayMs?: number; rateCounted?: boolean };
  close(): Promise<void>;
}

async function startWireSubgraph(): Promise<WireSubgraph> {
  const subgraph: WireSubgraph = {
    url: "",
    requests: [],
    answer: (body) => ({ body: { data: { echo: body.variables } } }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text);
    subgraph.requests.push({ authorization: req.headers.authorization, body });
    const answer = subgraph.answer(body);
    await new Promise((resolve) => setTimeout(resolve, answer.delayMs ?? 100));
    if (answer.cut) return void res.socket?.destroy();
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...(answer.rateCounted ? { [RATE_COUNTED_HEADER]: "1" } : {}) }).end(JSON.stringify(answer.body));
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  subgraph.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return subgraph;
}

const internalCalls = new InternalCalls(randomBytes(32));
let wire: WireSubgraph;
let client: SubgraphClient;
let undeduplicated: SubgraphClient;
before(async () => {
  wire = await startWireSubgraph();
  client = new SubgraphClient(internalCalls, () => wire.url);
  undeduplicated = new SubgraphClient(internalCalls, () => wire.url, {}, { deduplicate: false });
});
after(async () => {
  await client.close();
  await undeduplicated.close();
  await wire.close();
});

const caller = (authorization?: string, clientAddress = "203.0.113.7", subscriptionEvent = false): GatewayContext => ({ authorization, clientAddress, subscriptionEvent }) as GatewayContext;
const query = (variables: Record<string, unknown> = { id: "p1" }, text = "query($id: ID!) { product(id: $id) { name } }") => ({ query: text, variables, operationName: undefined });
const times = <T>(count: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => make(i)));

describe("identical subgraph fetches in flight at once share one request", () => {
  test("ten identical queries of one caller: one request on the wire, ten answers, each its own copy", async () => {
    wire.requests.length = 0;
    const answers = await times(10, () => client.for(caller("Bearer A"))("products", query()));
    assert.equal(wire.requests.length, 1);
    for (const answer of answers) assert.deepEqual(answer, { data: { echo: { id: "p1" } } });
    (answers[0].data!.echo as Record<string, unknown>).id = "changed by one caller";
    assert.deepEqual(answers.slice(1).map((answer) => answer.data!.echo), Array.from({ length: 9 }, () => ({ id: "p1" })), "no caller's change reaches another's answer");
    assert.equal(new Set(answers.map((answer) => answer.data)).size, 10);
  });

  test("what can change the answer is never shared: another token, another client address, other variables, a subscription's re-execution", async () => {
    wire.requests.length = 0;
    await Promise.all([
      client.for(caller("Bearer A"))("products", query()),
      client.for(caller("Bearer B"))("products", query()),
      client.for(caller(undefined))("products", query()),
      client.for(caller("Bearer A", "198.51.100.9"))("products", query()),
      client.for(caller("Bearer A"))("products", query({ id: "p2" })),
      client.for(caller("Bearer A", "203.0.113.7", true))("products", query()),
      client.for(caller("Bearer A"))("reviews", query()),
    ]);
    assert.equal(wire.requests.length, 7);
    assert.deepEqual(new Set(wire.requests.map((request) => request.authorization)), new Set(["Bearer A", "Bearer B", undefined]));
  });

  test("mutations are always sent, each of them", async () => {
    wire.requests.length = 0;
    await times(5, () => client.for(caller("Bearer A"))("products", query({ name: "x" }, "mutation($name: String!) { addProduct(name: $name) { id } }")));
    assert.equal(wire.requests.length, 5);
  });

  test("an error answer and an answer cut off reach every waiter; the next identical query is sent again", async () => {
    wire.requests.length = 0;
    wire.answer = () => ({ status: 500, body: { errors: [{ message: "boom" }] } });
    const failed = await Promise.allSettled(Array.from({ length: 4 }, () => client.for(caller("Bearer A"))("products", query())));
    assert.equal(wire.requests.length, 1);
    for (const outcome of failed) assert.match(String((outcome as PromiseRejectedResult).reason?.message), /^500: Internal Server Error/);

    wire.answer = () => ({ cut: true });
    const cut = await Promise.allSettled(Array.from({ length: 4 }, () => client.for(caller("Bearer A"))("products", query())));
    assert.equal(wire.requests.length, 2);
    for (const outcome of cut) assert.equal((outcome as PromiseRejectedResult).reason?.extensions?.code, "SERVICE_UNAVAILABLE");

    wire.answer = (body) => ({ body: { data: { echo: body.variables } } });
    assert.deepEqual(await client.for(caller("Bearer A"))("products", query()), { data: { echo: { id: "p1" } } });
    assert.equal(wire.requests.length, 3, "a finished flight is not a cache");
  });

  test("a slow fetch holds no later distinct fetch", async () => {
    wire.answer = (body) => ({ body: { data: { echo: body.variables } }, delayMs: body.variables.id === "slow" ? 1_500 : 20 });
    const finished: string[] = [];
    const slow = client.for(caller("Bearer A"))("products", query({ id: "slow" })).then(() => finished.push("slow"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const quick = client.for(caller("Bearer A"))("products", query({ id: "quick" })).then(() => finished.push("quick"));
    const alsoSlow = client.for(caller("Bearer A"))("products", query({ id: "slow" })).then(() => finished.push("slow, shared"));
    await Promise.all([slow, quick, alsoSlow]);
    assert.equal(finished[0], "quick", `finished in the order ${finished.join(", ")}`);
    assert.deepEqual(finished.slice(1).sort(), ["slow", "slow, shared"]);
    wire.answer = (body) => ({ body: { data: { echo: body.variables } } });
  });

  test("an answer the subgraph counted against the caller's rate limit is the leader's alone: every waiter sends its own request, and may be refused", async () => {
    wire.requests.length = 0;
    let budget = 3;
    wire.answer = (body) => (budget-- > 0 ? { body: { data: { echo: body.variables } }, rateCounted: true } : { body: { data: null, errors: [{ message: "Too many requests", extensions: { code: "RATE_LIMITED" } }] }, rateCounted: true });
    const answers = await times(5, () => client.for(caller("Bearer A"))("products", query()));
    assert.equal(wire.requests.length, 5, "each request counted");
    assert.deepEqual(answers.map((answer) => answer.errors?.[0]?.extensions?.code ?? "ok").sort(), ["RATE_LIMITED", "RATE_LIMITED", "ok", "ok", "ok"]);
    wire.answer = (body) => ({ body: { data: { echo: body.variables } } });
  });

  test("GATEWAY_DEDUPLICATE=false: every fetch is sent", async () => {
    wire.requests.length = 0;
    await times(6, () => undeduplicated.for(caller("Bearer A"))("products", query()));
    assert.equal(wire.requests.length, 6);
  });

  test("a subgraph in this process: one execution for identical queries at once, a copy each", async () => {
    let executions = 0;
    const local: InProcessSubgraph = {
      url: "http://127.0.0.1:0",
      executeInProcess: async (body) => {
        executions++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 200, body: { data: { echo: body.variables } } };
      },
    };
    const inProcess = new SubgraphClient(internalCalls, () => undefined, { products: local });
    const answers = await times(8, () => inProcess.for(caller("Bearer A"))("products", query()));
    assert.equal(executions, 1);
    assert.equal(new Set(answers.map((answer) => answer.data)).size, 8);
    await times(3, (i) => inProcess.for(caller(`Bearer ${i}`))("products", query()));
    assert.equal(executions, 4, "other callers' queries run on their own");
    const counted = new SubgraphClient(internalCalls, () => undefined, { products: { ...local, executeInProcess: async (body, request) => ({ ...(await local.executeInProcess(body, request)), rateCounted: true }) } });
    await times(4, () => counted.for(caller("Bearer A"))("products", query()));
    assert.equal(executions, 8, "answers counted against a rate limit are not shared in process either");
  });

  test("a flight is not joined once credentials changed since it left, nor once its token expired: the request is sent", async () => {
    wire.requests.length = 0;
    const jwt = (exp: number) => `Bearer x.${Buffer.from(JSON.stringify({ exp })).toString("base64url")}.y`;
    const send = (authorization: string) => client.for(caller(authorization))("products", query());
    const beforeChange = send("Bearer A");
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.inflight!.credentialsChanged();
    await Promise.all([beforeChange, send("Bearer A"), send("Bearer A")]);
    assert.equal(wire.requests.length, 2, "the first flight, then one flight of the two sent after the change");
    const expired = jwt(Math.floor(Date.now() / 1000) - 1);
    await times(3, () => send(expired));
    assert.equal(wire.requests.length, 5, "an expired token's requests are each its own");
    await times(3, () => send(jwt(Math.floor(Date.now() / 1000) + 600)));
    assert.equal(wire.requests.length, 6);
  });
});
