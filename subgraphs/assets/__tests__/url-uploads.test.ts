// @tier contract
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { designToken, finishedJob, mp4, png } from "../../../testing/assets.js";
import { requestedJobCount } from "../../../testing/workers.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
let token: string;
let origin: string;
let files: http.Server;

/** The internet, as far as this test is concerned: files, redirects, a slow answer, errors. */
async function startFileServer(): Promise<void> {
  const image = await png(300, 200);
  files = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const hops = Number(url.searchParams.get("hops") ?? 0);
    switch (url.pathname) {
      case "/image.png":
        return void res.writeHead(200, { "content-type": "image/png" }).end(image);
      case "/redirect":
        return void res.writeHead(302, { location: hops > 1 ? `/redirect?hops=${hops - 1}` : "/image.png" }).end();
      case "/to-ftp":
        return void res.writeHead(302, { location: "ftp://example.com/file.png" }).end();
      case "/page.html":
        return void res.writeHead(200, { "content-type": "text/html" }).end("<html><body>hello</body></html>");
      case "/video.mp4":
        return void res.writeHead(200, { "content-type": "video/mp4" }).end(mp4(Number(url.searchParams.get("size"))));
      case "/slow":
        res.writeHead(200, { "content-type": "image/png" });
        return void res.write(image.subarray(0, 100));
      default:
        return void res.writeHead(404).end("not here");
    }
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

before(async () => {
  await startFileServer();
  ({ t, p } = await startWithPeople({
    URL_FETCH_ALLOW_PRIVATE: "true",
    ASSET_MAX_BYTES: "200kb",
    URL_VIDEO_MAX_BYTES: "300kb",
    URL_FETCH_TIMEOUT_MS: "1500",
  }, DESIGN_DOMAINS));
  token = await designToken(t.http, p, p.client);
});
after(async () => {
  files.closeAllConnections();
  files.close();
  await t.stop();
});

async function urlUpload(url: string, name = "From the web") {
  const created = await t.http.post("/v1/url-asset-uploads", { name, url }, { token });
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(Object.keys(created.body), ["job"]);
  return finishedJob(t.http, `/rest/v1/url-asset-uploads/${created.body.job.id}`, token);
}

describe("POST /v1/url-asset-uploads", () => {
  test("an image at a URL becomes an asset, through redirects", async () => {
    const direct = await urlUpload(`${origin}/image.png`);
    assert.equal(direct.status, "success", JSON.stringify(direct));
    assert.deepEqual([direct.asset.type, direct.asset.name, direct.asset.thumbnail.width, direct.asset.thumbnail.height], ["image", "From the web", 300, 200]);
    const redirected = await urlUpload(`${origin}/redirect?hops=3`);
    assert.equal(redirected.status, "success", JSON.stringify(redirected));
  });

  test("a video within 100 MB (here: the configured limit) is an asset; over it fails with file_too_big", async () => {
    const video = await urlUpload(`${origin}/video.mp4?size=250000`);
    assert.deepEqual([video.status, video.asset?.type, video.asset?.thumbnail], ["success", "video", undefined]);
    const big = await urlUpload(`${origin}/video.mp4?size=400000`);
    assert.deepEqual([big.status, big.error.code], ["failed", "file_too_big"]);
  });

  test("fetch failures: too many redirects, a redirect to another scheme, a 404, a time-out", async () => {
    for (const [path, message] of [
      ["/redirect?hops=5", /redirected too many times/],
      ["/to-ftp", /Only http and https/],
      ["/missing", /HTTP 404/],
      ["/slow", /did not answer within/],
    ] as const) {
      const job = await urlUpload(`${origin}${path}`);
      assert.equal(job.status, "failed", path);
      assert.equal(job.error.code, "fetch_failed", path);
      assert.match(job.error.message, message);
    }
  });

  test("a page that is not an image or a video fails with import_failed", async () => {
    const job = await urlUpload(`${origin}/page.html`);
    assert.deepEqual([job.status, job.error.code], ["failed", "import_failed"]);
  });

  test("invalid requests: 400 with the field's error and no job", async () => {
    const before = await requestedJobCount(t);
    for (const body of [
      { name: "", url: `${origin}/image.png` },
      { name: "n".repeat(256), url: `${origin}/image.png` },
      { name: "x", url: "http:/a" },
      { name: "x", url: `https://example.com/${"a".repeat(2048)}` },
      { name: "x", url: "ftp://example.com/file.png" },
      { name: "x", url: "not a url at all" },
      { url: `${origin}/image.png` },
    ]) {
      const response = await t.http.post("/v1/url-asset-uploads", body, { token });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.code, "invalid_field");
    }
    assert.equal(await requestedJobCount(t), before);
  });
});
