// @tier contract
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { onPlatform } from "../../testing/assets.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
before(async () => (t = await startTestPlatform({ JOB_WORKERS: "0" })));
after(() => t.stop());

/** Sends `path` byte for byte (fetch would resolve `%2e%2e` itself before sending). */
function raw(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(t.http.baseUrl);
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers: { "content-length": "0" } }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const SIGNED = `expires=9999999999&signature=${"ab".repeat(32)}`;

describe("the gateway's file proxy", () => {
  for (const [method, path] of [
    ["GET", `/blobs/%2e%2e/graphql?query=%7B__typename%7D&${SIGNED}`],
    ["GET", `/blobs/..%2fgraphql?query=%7B__typename%7D&${SIGNED}`],
    ["GET", `/blobs/a/%2e%2e/%2e%2e/healthz?${SIGNED}`],
    ["GET", `/blobs/%252e%252e/graphql?${SIGNED}`],
    ["GET", `/blobs/%2E%2E/%2E%2E/graphql?${SIGNED}`],
    ["PUT", `/uploads/%2e%2e%2fgraphql?${SIGNED}`],
    ["PUT", `/uploads/..%2f..%2fhealthz?${SIGNED}`],
  ] as const) {
    test(`${method} ${path.split("?")[0]} never reaches anything but a file route`, async () => {
      const response = await raw(method, path);
      assert.equal(response.status, 404, response.body);
      assert.deepEqual(Object.keys(JSON.parse(response.body)).sort(), ["code", "message"]);
      assert.equal(JSON.parse(response.body).code, "not_found");
    });
  }

  for (const [method, path] of [
    ["GET", `/blobs/%zz?${SIGNED}`],
    ["PUT", `/uploads/%zz?${SIGNED}`],
    ["GET", "/api/work/projects/%zz"],
    ["GET", "/v1/assets/%E0%A4%A"],
  ] as const) {
    test(`${method} ${path.split("?")[0]}: a path that does not decode is a 4xx, never a 500`, async () => {
      const response = await raw(method, path);
      assert.ok(response.status >= 400 && response.status < 500, `${response.status} ${response.body}`);
      assert.doesNotThrow(() => JSON.parse(response.body));
    });
  }

  test("any domain stores a file and hands out a download URL that works through the gateway, until it is altered or expires", async () => {
    const { files } = t.platform.runtime;
    await files.put("exports/E1/page-1.txt", Buffer.from("exported"), "text/plain");
    const url = onPlatform(t.http, await files.downloadUrl("exports/E1/page-1.txt", 60));
    const downloaded = await t.http.get(url.pathname + url.search);
    assert.equal(downloaded.status, 200);
    assert.equal(downloaded.text, "exported");
    assert.match(downloaded.headers.get("content-type")!, /^text\/plain/);

    const altered = new URL(url);
    altered.searchParams.set("signature", "0".repeat(64));
    assert.deepEqual((await t.http.get(altered.pathname + altered.search)).body, { code: "permission_denied", message: "The link is not valid" });
    const otherFile = await t.http.get(url.pathname.replace("page-1", "page-2") + url.search);
    assert.equal(otherFile.status, 403, "a signature opens only its own key");
    const expired = onPlatform(t.http, await files.downloadUrl("exports/E1/page-1.txt", 60, Date.now() - 3_600_000));
    assert.deepEqual((await t.http.get(expired.pathname + expired.search)).body, { code: "permission_denied", message: "The link has expired" });
    const unsigned = await t.http.get(url.pathname);
    assert.equal(unsigned.status, 403);
  });

  test("a download URL serves byte ranges: 206 with Content-Range, the last bytes, 416 past the end, the whole file for what it cannot read", async () => {
    const { files } = t.platform.runtime;
    await files.put("exports/E2/video.mp4", Buffer.from("0123456789"), "video/mp4");
    const url = onPlatform(t.http, await files.downloadUrl("exports/E2/video.mp4", 60));
    const read = async (range: string) => {
      const response = await fetch(url, { headers: { range } });
      return [response.status, response.headers.get("content-range"), response.headers.get("content-length"), await response.text()];
    };
    assert.deepEqual(await read("bytes=2-4"), [206, "bytes 2-4/10", "3", "234"]);
    assert.deepEqual(await read("bytes=7-"), [206, "bytes 7-9/10", "3", "789"]);
    assert.deepEqual(await read("bytes=-4"), [206, "bytes 6-9/10", "4", "6789"]);
    assert.deepEqual(await read("bytes=5-500"), [206, "bytes 5-9/10", "5", "56789"]);
    const unsatisfiable = await fetch(url, { headers: { range: "bytes=10-" } });
    assert.deepEqual([unsatisfiable.status, unsatisfiable.headers.get("content-range"), unsatisfiable.headers.get("content-type")], [416, "bytes */10", "application/json; charset=utf-8"]);
    assert.equal((await unsatisfiable.json()).code, "range_not_satisfiable");
    const head = await fetch(url, { method: "HEAD" });
    assert.deepEqual([head.status, head.headers.get("content-length"), head.headers.get("content-type"), await head.text()], [200, "10", "video/mp4", ""]);
    for (const ignored of ["bytes=0-1,4-5", "lines=1-2", "bytes=5-2", "bytes=x-"]) assert.deepEqual(await read(ignored), [200, null, "10", "0123456789"], ignored);
    const whole = await fetch(url);
    assert.equal(whole.headers.get("accept-ranges"), "bytes");
  });
});
