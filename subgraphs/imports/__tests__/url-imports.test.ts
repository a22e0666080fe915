// @tier contract
// @depends redis
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { finishedJob } from "../../../testing/assets.js";
import { startDesignPlatform } from "../../../testing/designs.js";
import { pdf, postImport, pptx } from "../../../testing/imports.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { requestedJobCount } from "../../../testing/workers.js";

let t: TestPlatform;
let token: string;
let outsider: string;
let origin: string;
let files: http.Server;

/** The internet, as far as this test is concerned: a PDF, a presentation, a redirect, a large file. */
async function startFileServer(): Promise<void> {
  const documents: Record<string, [string, Buffer]> = {
    "/report.pdf": ["application/pdf", await pdf([[595, 842], [842, 595]])],
    "/deck": ["application/octet-stream", pptx(["One", "Two", "Three"])],
    "/big.pdf": ["application/pdf", Buffer.alloc(400 * 1024, 1)],
  };
  files = http.createServer((req, res) => {
    if (req.url === "/moved") return void res.writeHead(302, { location: "/report.pdf" }).end();
    const document = documents[req.url ?? ""];
    if (!document) return void res.writeHead(404).end("not here");
    res.writeHead(200, { "content-type": document[0] }).end(document[1]);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

before(async () => {
  await startFileServer();
  ({ t, token, outsider } = await startDesignPlatform({ URL_FETCH_ALLOW_PRIVATE: "true", IMPORT_MAX_BYTES: "300kb", URL_FETCH_TIMEOUT_MS: "3000" }, [...DESIGN_DOMAINS, "imports"]));
});
after(async () => {
  files.closeAllConnections();
  files.close();
  await t.stop();
});

async function urlImport(url: string, title = "From the web") {
  const created = await t.http.post("/v1/url-imports", { title, url, mime_type: "application/pdf" }, { token });
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(Object.keys(created.body), ["job"]);
  return finishedJob(t.http, `/rest/v1/url-imports/${created.body.job.id}`, token);
}

describe("POST /v1/url-imports", () => {
  test("a PDF or a presentation at a URL (through a redirect) becomes a design", async () => {
    const report = await urlImport(`${origin}/moved`, "Annual report");
    assert.equal(report.status, "success", JSON.stringify(report));
    assert.deepEqual([report.result.designs[0].title, report.result.designs[0].page_count], ["Annual report", 2]);
    const deck = await urlImport(`${origin}/deck`);
    assert.deepEqual([deck.status, deck.result?.designs[0].page_count], ["success", 3]);
  });

  test("a missing file fails with fetch_failed, a file past the limit with invalid_file saying it is too big", async () => {
    const missing = await urlImport(`${origin}/gone.pdf`);
    assert.deepEqual([missing.status, missing.error.code], ["failed", "fetch_failed"]);
    assert.match(missing.error.message, /HTTP 404/);
    const big = await urlImport(`${origin}/big.pdf`);
    assert.deepEqual([big.status, big.error.code], ["failed", "invalid_file"]);
    assert.match(big.error.message, /too big to import/);
  });

  test("invalid requests: 400 invalid_field and no job", async () => {
    const before = await requestedJobCount(t);
    for (const body of [
      { title: "", url: `${origin}/report.pdf` },
      { title: "t".repeat(256), url: `${origin}/report.pdf` },
      { title: "x", url: "" },
      { title: "x", url: `https://example.com/${"a".repeat(2048)}` },
      { title: "x", url: "ftp://example.com/a.pdf" },
      { title: "x", url: `${origin}/report.pdf`, mime_type: "pdf" },
      { url: `${origin}/report.pdf` },
    ]) {
      const response = await t.http.post("/v1/url-imports", body, { token });
      assert.deepEqual([response.status, response.body.code], [400, "invalid_field"], JSON.stringify(body));
    }
    assert.equal(await requestedJobCount(t), before);
  });
});

const FOLLOW_IMPORT = `subscription($id: ID!) { designImportJob(id: $id) { id status error { code } result { designs { id title pageCount urls { viewUrl } } } } }`;
const FOLLOW_URL_IMPORT = `subscription($id: ID!) { urlImportJob(id: $id) { status result { designs { pageCount } } } }`;

describe("following an import over graphql-ws through the gateway", () => {
  test("the creator sees the current state first, then success with the designs; the stream then completes", async () => {
    const created = await postImport(t.http, token, await pdf([[300, 300]]), "Followed");
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, FOLLOW_IMPORT, { id: created.body.job.id });
    assert.deepEqual(await followed.ended, {});
    await client.dispose();
    const statuses = followed.results.map((result) => result.data.designImportJob.status);
    assert.equal(statuses.at(-1), "success", JSON.stringify(followed.results));
    assert.ok(statuses.length <= 2 && (statuses.length === 1 || statuses[0] === "in_progress"));
    const [design] = followed.results.at(-1).data.designImportJob.result.designs;
    assert.deepEqual([design.title, design.pageCount], ["Followed", 1]);
    assert.match(design.urls.viewUrl, new RegExp(`/designs/${design.id}/view\\?token=[\\w.-]+$`));
  });

  test("a URL import is followed the same way; someone else's job is not found", async () => {
    const created = await t.http.post("/v1/url-imports", { title: "Web deck", url: `${origin}/deck` }, { token });
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, FOLLOW_URL_IMPORT, { id: created.body.job.id });
    assert.deepEqual(await followed.ended, {});
    await client.dispose();
    assert.deepEqual(followed.results.at(-1).data.urlImportJob, { status: "success", result: { designs: [{ pageCount: 3 }] } });
    const stranger = wsClient(t.http.baseUrl, outsider);
    const refused = follow(stranger, FOLLOW_URL_IMPORT, { id: created.body.job.id });
    await refused.ended;
    await stranger.dispose();
    assert.equal(refused.results[0]?.errors?.[0]?.extensions?.code ?? "", "NOT_FOUND", JSON.stringify(refused.results));
  });
});
