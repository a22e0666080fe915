// @tier unit
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { HttpSubgraph } from "../subgraph-client/http-subgraph.js";

type Answer = (response: http.ServerResponse) => void;
let answer: Answer = () => undefined;
let server: http.Server;
let subgraph: HttpSubgraph;
const body = { query: "{ name }", variables: {}, operationName: undefined };

before(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => answer(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  subgraph = new HttpSubgraph("names", `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
});
after(async () => {
  await subgraph.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("an answer sent in pieces, a character split between two of them, is read whole", async () => {
  const text = Buffer.from(JSON.stringify({ data: { name: "Zoë ✓ ".repeat(5_000) } }));
  answer = (response) => {
    response.writeHead(200, { "content-type": "application/json" });
    const cut = text.indexOf(Buffer.from("ë")) + 1; // inside the two bytes of ë
    response.write(text.subarray(0, cut));
    setTimeout(() => response.end(text.subarray(cut)), 10);
  };
  assert.deepEqual(await subgraph.send(body, {}), JSON.parse(text.toString("utf8")));
});

test("a leading byte order mark is dropped, as reading the body as text drops it", async () => {
  answer = (response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(`\uFEFF${JSON.stringify({ data: { name: "Ada" } })}`);
  };
  assert.deepEqual(await subgraph.send(body, {}), { data: { name: "Ada" } });
});

test("an answer cut off midway is the subgraph being unavailable, not a wait", async () => {
  answer = (response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    response.write(`{"data":{"name":"A`);
    setTimeout(() => response.destroy(), 10);
  };
  await assert.rejects(subgraph.send(body, {}), (error: any) => error.extensions?.code === "SERVICE_UNAVAILABLE");
});

test("a non-2xx answer becomes the error @apollo/gateway's data source makes of it, its body kept", async () => {
  answer = (response) => {
    response.writeHead(401, { "content-type": "application/json" });
    response.end(JSON.stringify({ errors: [{ message: "who are you" }] }));
  };
  await assert.rejects(subgraph.send(body, {}), (error: any) => {
    assert.equal(error.message, "401: Unauthorized");
    assert.equal(error.extensions.code, "UNAUTHENTICATED");
    assert.deepEqual(error.extensions.response.body, { errors: [{ message: "who are you" }] });
    return true;
  });
});
