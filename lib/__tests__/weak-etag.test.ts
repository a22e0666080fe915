// @tier unit
import assert from "node:assert/strict";
import { after, test } from "node:test";
import express from "express";
import { listen, weakEtag, type RunningServer } from "../http.js";

const BODIES: Record<string, (res: express.Response) => void> = {
  json: (res) => void res.json({ id: 1, name: "Zoë", roles: ["STAFF"], note: "日本語 ✓" }),
  text: (res) => void res.type("text/plain").send("plain words"),
  empty: (res) => void res.type("text/plain").send(""),
  bytes: (res) => void res.type("application/octet-stream").send(Buffer.from([0, 1, 2, 255, 254])),
  big: (res) => void res.json({ list: Array.from({ length: 5000 }, (_, i) => `item ${i}`) }),
};

function app(etag?: typeof weakEtag) {
  const served = express();
  if (etag) served.set("etag", etag);
  for (const [name, send] of Object.entries(BODIES)) served.get(`/${name}`, (_req, res) => send(res));
  return served;
}

const servers: RunningServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

test("weakEtag gives Express's own weak ETags, and a conditional GET still answers 304", async () => {
  const [express_, ours] = await Promise.all([listen(app(), 0, "127.0.0.1"), listen(app(weakEtag), 0, "127.0.0.1")]);
  servers.push(express_, ours);
  for (const name of Object.keys(BODIES)) {
    const [expected, actual] = await Promise.all([fetch(`${express_.url}/${name}`), fetch(`${ours.url}/${name}`)]);
    const tag = actual.headers.get("etag");
    assert.ok(tag?.startsWith('W/"'), `${name}: ${tag}`);
    assert.equal(tag, expected.headers.get("etag"), name);
    assert.equal(await actual.text(), await expected.text());
    // fetch sends a conditional request with "Cache-Control: no-cache" unless told otherwise, and Express then answers in full.
    const again = await fetch(`${ours.url}/${name}`, { headers: { "if-none-match": tag!, "cache-control": "max-age=0" } });
    assert.equal(again.status, 304, name);
  }
});
