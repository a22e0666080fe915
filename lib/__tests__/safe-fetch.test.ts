// @tier unit
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { checkPublicUrl, fetchPublicUrl, FetchRefusedError, isPublicAddress, postToPublicUrl } from "../net/safe-fetch.js";

let server: http.Server;
let port: number;
before(async () => {
  server = http.createServer((_req, res) => void res.end("secret internal data"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

const options = { timeoutMs: 2000, maxBytes: () => 1024, allowPrivate: false };

describe("fetching URLs from the public internet only", () => {
  test("private, loopback, link-local, CGNAT and mapped addresses are not public", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:0.0.0.0", "::", "fd00::1", "224.0.0.1", "::7f00:1", "fec0::1", "64:ff9b:1::a00:1"]) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) assert.equal(isPublicAddress(address), true, address);
  });

  test("a URL naming or resolving to a private address is refused before any request", async () => {
    let served = 0;
    server.on("request", () => served++);
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, "http://169.254.169.254/latest/meta-data"]) {
      await assert.rejects(fetchPublicUrl(url, options), (error: unknown) => error instanceof FetchRefusedError && /non-public address/.test(error.message), url);
    }
    assert.equal(served, 0, "the internal server was never reached");
  });

  test("only http and https; no credentials in URLs", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/a.png", "gopher://example.com/", "http://user:pass@example.com/a.png"]) {
      await assert.rejects(fetchPublicUrl(url, options), FetchRefusedError, url);
    }
  });

  test("the switch for local use lets loopback through", async () => {
    const fetched = await fetchPublicUrl(`http://127.0.0.1:${port}/`, { ...options, allowPrivate: true });
    assert.equal((await buffer(Readable.from(fetched.body))).toString(), "secret internal data");
  });
});

describe("URLs the platform calls later (webhooks)", () => {
  const rules = { allowPrivate: false, httpsOnly: false };

  test("checked when given: private hosts, names resolving to them, other schemes and credentials are refused", async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, "http://[::1]/", "http://10.0.0.8/hook", "http://169.254.169.254/", "ftp://example.com/", "http://u:p@example.com/"]) {
      await assert.rejects(checkPublicUrl(url, rules), FetchRefusedError, url);
    }
    await assert.rejects(checkPublicUrl("http://example.com/hook", { ...rules, httpsOnly: true }), /Only https/);
    await assert.rejects(checkPublicUrl("https://no-such-host.invalid/hook", rules), /does not resolve/);
    assert.equal((await checkPublicUrl(`http://127.0.0.1:${port}/hook`, { ...rules, allowPrivate: true })).port, String(port));
  });

  test("a POST to a private address never leaves; with the switch it does, and the answer's status comes back", async () => {
    let posted = 0;
    const counter = () => posted++;
    server.on("request", counter);
    const refused = await postToPublicUrl(`http://localhost:${port}/hook`, "body", {}, { timeoutMs: 1000, allowPrivate: false });
    assert.equal(refused.status, null);
    assert.match(refused.error!, /non-public address/);
    assert.equal(posted, 0);
    const sent = await postToPublicUrl(`http://127.0.0.1:${port}/hook`, "body", {}, { timeoutMs: 1000, allowPrivate: true });
    assert.equal(sent.status, 200);
    assert.equal(posted, 1);
    server.off("request", counter);
  });
});
