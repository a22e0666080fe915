// @tier unit
import assert from "node:assert/strict";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { buildSchema } from "graphql";
import { createClient } from "graphql-ws";
import WebSocket, { WebSocketServer } from "ws";
import { createLogger } from "../../lib/logger.js";
import { bindGraphqlWs } from "../subscriptions/ws-transport.js";

const KEEP_ALIVE_MS = 100;
const schema = buildSchema(`type Query { hello: String } type Subscription { count(to: Int!): Int }`);
const rootValue = {
  hello: () => "world",
  count: async function* ({ to }: { to: number }) {
    for (let i = 1; i <= to; i++) yield { count: i };
  },
};

let server: http.Server;
let sockets: WebSocketServer;
let url: string;
before(async () => {
  server = http.createServer();
  sockets = new WebSocketServer({ server });
  bindGraphqlWs({ schema, roots: { query: rootValue, subscription: rootValue } }, sockets, createLogger("silent"), KEEP_ALIVE_MS);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  for (const client of sockets.clients) client.terminate();
  await new Promise((resolve) => sockets.close(resolve));
  await new Promise((resolve) => server.close(resolve));
});

describe("graphql-ws over the gateway's WebSocket server", () => {
  test("a graphql-ws client runs queries and subscriptions; results sent in one turn arrive whole and in order", async () => {
    const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0 });
    const answer = await new Promise((resolve, reject) => client.subscribe({ query: "{ hello }" }, { next: resolve, error: reject, complete: () => undefined }));
    assert.deepEqual(answer, { data: { hello: "world" } });
    const counts: unknown[] = [];
    await Promise.all(
      [50, 30].map((to) => new Promise<void>((resolve, reject) => client.subscribe({ query: `subscription { count(to: ${to}) }` }, { next: (result) => counts.push([to, result.data?.count]), error: reject, complete: resolve }))),
    );
    for (const to of [50, 30]) assert.deepEqual(counts.filter((entry) => (entry as number[])[0] === to).map((entry) => (entry as number[])[1]), Array.from({ length: to }, (_, i) => i + 1));
    await client.dispose();
  });

  test("a socket without graphql-ws's protocol is refused with its close code", async () => {
    const socket = new WebSocket(url);
    const [code] = await once(socket, "close");
    assert.equal(code, 4406);
  });

  test("a connection that stops answering pings is dropped; one that answers stays open", async () => {
    const silent = new WebSocket(url, "graphql-transport-ws", { autoPong: false });
    const answering = new WebSocket(url, "graphql-transport-ws");
    await Promise.all([once(silent, "open"), once(answering, "open")]);
    let pings = 0;
    silent.on("ping", () => pings++);
    const openedAt = Date.now();
    await once(silent, "close");
    assert.ok(pings >= 1, "it was pinged first");
    assert.ok(Date.now() - openedAt >= KEEP_ALIVE_MS, "dropped only once a ping went unanswered");
    assert.equal(answering.readyState, WebSocket.OPEN);
    answering.close();
  });
});
