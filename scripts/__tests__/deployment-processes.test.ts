// @tier process
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, describe, test } from "node:test";
import { REST_SERVICES } from "../../rest-adapter/services.js";
import { freePort, runProcess, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";

const stops: (() => Promise<void>)[] = [];
after(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A stand-in gateway on `host` answering every path with its name and the path; `port` 0 for any. */
async function fakeGateway(name: string, host: string, port = 0): Promise<number> {
  const server = http.createServer((req, res) => res.end(JSON.stringify({ name, path: req.url, forwardedFor: req.headers["x-forwarded-for"] })));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

describe("npm run start:edge", () => {
  test("without EDGE_UPSTREAMS it stops with a message naming the setting", async () => {
    const { code, output } = await runProcess("scripts/start-edge.ts", { PORT: String(await freePort()), LOG_LEVEL: "warn" });
    assert.equal(code, 1);
    assert.match(output, /EDGE_UPSTREAMS names no gateway/);
  });

  test("spreads PORT over the gateways, and each service's own port over the same port of each gateway's host", { skip: process.platform !== "linux" && "needs the whole 127.0.0.0/8 on loopback" }, async () => {
    // The gateways on 127.0.0.2 and 127.0.0.3, so their service ports can be the edge's own numbers.
    const direct = REST_SERVICES.filter((service) => service.directPort);
    const ports = Object.fromEntries(await Promise.all(direct.map(async (service) => [service.directPort!.variable, String(await freePort())])));
    const [a, b] = [await fakeGateway("a", "127.0.0.2"), await fakeGateway("b", "127.0.0.3")];
    for (const [host, name] of [["127.0.0.2", "a"], ["127.0.0.3", "b"]]) for (const port of Object.values(ports)) await fakeGateway(`${name}:${port}`, host, Number(port));
    const port = await freePort();
    const edge: Child = startProcess("scripts/start-edge.ts", { ...ports, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", EDGE_UPSTREAMS: `http://127.0.0.2:${a},http://127.0.0.3:${b}` });
    stops.push(() => edge.stop());
    await waitUntilHealthy(`http://127.0.0.1:${port}/anything`, edge);
    const names = await Promise.all(Array.from({ length: 4 }, async () => ((await (await fetch(`http://127.0.0.1:${port}/graphql`)).json()) as { name: string }).name));
    assert.deepEqual(names.sort(), ["a", "a", "b", "b"]);
    const own = Object.values(ports)[0];
    const answers = await Promise.all(Array.from({ length: 2 }, async () => (await (await fetch(`http://127.0.0.1:${own}/projects`)).json()) as { name: string; path: string }));
    assert.deepEqual(answers.map((answer) => answer.name).sort(), [`a:${own}`, `b:${own}`]);
    assert.deepEqual(answers.map((answer) => answer.path), ["/projects", "/projects"]);
  });
});

describe("npm run s3:create-bucket", () => {
  test("without the S3 settings it says what to set; a store it cannot reach is named in one line", async () => {
    const unset = await runProcess("scripts/create-bucket.ts", { LOG_LEVEL: "warn" });
    assert.deepEqual([unset.code, unset.output.trim()], [2, "s3:create-bucket: set BLOB_STORE=s3 and the S3_* settings of the bucket to make"]);
    const port = await freePort();
    const away = await runProcess("scripts/create-bucket.ts", { BLOB_STORE: "s3", S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: "platform-files", S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" });
    assert.equal(away.code, 1);
    assert.match(away.output.trim(), new RegExp(`^s3:create-bucket: could not ask http://127\\.0\\.0\\.1:${port} for bucket "platform-files"`));
  });
});
