// @tier unit
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { WebSocket, WebSocketServer } from "ws";
import { createLogger } from "../logger.js";
import { serveBalanced } from "../net/balancer.js";

/** An upstream that says who it is and what it was sent; `/upload` hashes the body, `/download` streams 8 MiB, `/socket` is a WebSocket echo (refused without `?ok`). */
async function upstream(name: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === "/upload") {
      const hash = createHash("sha256");
      req.on("data", (chunk) => hash.update(chunk)).on("end", () => res.end(JSON.stringify({ name, sha256: hash.digest("hex") })));
      return;
    }
    if (req.url === "/download") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      let left = 8;
      const next = () => (left-- > 0 ? res.write(Buffer.alloc(1 << 20, left)) || res.once("drain", next) : res.end());
      return void next();
    }
    res.writeHead(200, [["content-type", "application/json"], ["set-cookie", "a=1"], ["set-cookie", "b=2"]].flat());
    res.end(JSON.stringify({ name, host: req.headers.host, forwardedFor: req.headers["x-forwarded-for"], proto: req.headers["x-forwarded-proto"], forwardedHost: req.headers["x-forwarded-host"], connection: req.headers.connection }));
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (!req.url?.includes("ok")) return void socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
    sockets.handleUpgrade(req, socket, head, (ws) => ws.on("message", (data) => ws.send(`${name}:${data}`)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A port that refuses connections: bound, then closed. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const log = createLogger("silent");
const stops: (() => Promise<void>)[] = [];
let a: Awaited<ReturnType<typeof upstream>>;
let b: Awaited<ReturnType<typeof upstream>>;
let origin: string;

before(async () => {
  [a, b] = await Promise.all([upstream("a"), upstream("b")]);
  stops.push(a.close, b.close);
  const edge = await serveBalanced(0, "127.0.0.1", { upstreams: [a.url, b.url], log, watchIntervalMs: 0 });
  stops.push(() => edge.close());
  origin = edge.url;
});
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe("the balancer in front of the gateways", () => {
  test("spreads requests over the upstreams in turn, keeps the Host and names the client in X-Forwarded-*", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => fetch(`${origin}/who`).then((r) => r.json() as Promise<Record<string, string>>)));
    assert.deepEqual(answers.map((answer) => answer.name).sort(), ["a", "a", "b", "b"]);
    const port = new URL(origin).port;
    for (const answer of answers) {
      assert.deepEqual([answer.host, answer.forwardedFor, answer.proto, answer.forwardedHost], [`127.0.0.1:${port}`, "127.0.0.1", "http", `127.0.0.1:${port}`]);
      assert.notEqual(answer.connection, "upgrade");
    }
    const spoofed = (await (await fetch(`${origin}/who`, { headers: { "x-forwarded-for": "203.0.113.9" } })).json()) as Record<string, string>;
    assert.equal(spoofed.forwardedFor, "203.0.113.9, 127.0.0.1", "the address the balancer saw comes last, where TRUST_PROXY reads it");
  });

  test("passes every header of an answer, repeated ones included", async () => {
    const answer = await fetch(`${origin}/who`);
    assert.deepEqual(answer.headers.getSetCookie(), ["a=1", "b=2"]);
  });

  test("streams a large upload and a large download through unchanged", async () => {
    const body = Buffer.alloc(12 << 20, 7);
    const uploaded = (await (await fetch(`${origin}/upload`, { method: "PUT", body, duplex: "half" } as RequestInit)).json()) as { sha256: string };
    assert.equal(uploaded.sha256, createHash("sha256").update(body).digest("hex"));
    const downloaded = Buffer.from(await (await fetch(`${origin}/download`)).arrayBuffer());
    assert.equal(downloaded.length, 8 << 20);
  });

  test("tunnels WebSockets, and hands back an upstream's refusal of one", async () => {
    const ws = new WebSocket(`${origin.replace("http", "ws")}/socket?ok`);
    const reply = await new Promise<string>((resolve, reject) => {
      ws.once("open", () => ws.send("ping"));
      ws.once("message", (data) => resolve(String(data)));
      ws.once("error", reject);
    });
    assert.match(reply, /^(a|b):ping$/);
    ws.close();
    const refused = new WebSocket(`${origin.replace("http", "ws")}/socket`);
    const status = await new Promise<number>((resolve) => refused.once("unexpected-response", (_req, res) => resolve(res.statusCode!)));
    assert.equal(status, 401);
  });

  test("leaves out an upstream that refuses connections, bodies included; with none left it answers 502", async () => {
    const edge = await serveBalanced(0, "127.0.0.1", { upstreams: [await closedPort(), a.url], log, watchIntervalMs: 0 });
    try {
      for (let i = 0; i < 4; i++) {
        const answer = (await (await fetch(`${edge.url}/upload`, { method: "POST", body: "x".repeat(1000) })).json()) as { name: string };
        assert.equal(answer.name, "a");
      }
    } finally {
      await edge.close();
    }
    const nowhere = await serveBalanced(0, "127.0.0.1", { upstreams: [await closedPort()], log, watchIntervalMs: 0 });
    try {
      const answer = await fetch(`${nowhere.url}/who`);
      assert.equal(answer.status, 502);
      assert.equal(answer.headers.get("retry-after"), "1");
    } finally {
      await nowhere.close();
    }
  });
});
