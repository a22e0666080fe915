// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { finishedJob, onPlatform, png } from "../../../testing/assets.js";
import { DESIGN_SCOPES, designScopedToken, startDesignPlatform } from "../../../testing/designs.js";
import { pdf, postImport, pptx } from "../../../testing/imports.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";
import { requestedJobCount } from "../../../testing/workers.js";

let t: TestPlatform;
let p: People;
/** The client, with the design scopes and asset:read (to look at the assets an import made). */
let token: string;
let outsider: string;
let metaOnly: string;

before(async () => {
  ({ t, p, outsider, metaOnly } = await startDesignPlatform({ IMPORT_MAX_BYTES: "300kb", IMPORT_MAX_PAGES: "5" }, [...DESIGN_DOMAINS, "imports"]));
  token = await designScopedToken(t.http, p, p.client, `${DESIGN_SCOPES} asset:read`);
});
after(() => t.stop());

const PAGES = `query($id: ID!) { designPages(designId: $id, limit: 10) { index width height elements { kind x y width height
  ... on ImageElement { asset { id } } ... on TextElement { text fontSize color } } } }`;

/** Imports `bytes` and waits for the job (the documented polling loop). */
async function imported(bytes: Buffer | string, title = "Imported", as = token) {
  const created = await postImport(t.http, as, bytes, title);
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(Object.keys(created.body), ["job"]);
  return finishedJob(t.http, `/v1/imports/${created.body.job.id}`, as);
}

async function pagesOf(designId: string) {
  const response = await t.http.graphql(PAGES, { id: designId }, token);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data.designPages;
}

/** The image asset an element shows, decoded from its thumbnail: size and the colour at a point (fractions of the size). */
async function assetPixel(assetId: string, fx: number, fy: number) {
  const response = await t.http.get(`/v1/assets/${assetId}`, { token });
  assert.equal(response.status, 200, response.text);
  const thumbnail = Buffer.from(await (await fetch(onPlatform(t.http, response.body.asset.thumbnail.url))).arrayBuffer());
  const { data, info } = await sharp(thumbnail).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
  return { asset: response.body.asset, rgb: [data[offset], data[offset + 1], data[offset + 2]] };
}

describe("POST /v1/imports", () => {
  test("a PDF becomes a design with one page per PDF page at its size (points × 4/3), each drawn as an image asset", async () => {
    const job = await imported(await pdf([[612, 792], [842, 595], [200, 100]]), "Quarterly report");
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.equal(job.result.designs.length, 1);
    const [design] = job.result.designs;
    assert.deepEqual(Object.keys(design).sort(), ["created_at", "id", "page_count", "thumbnail", "title", "updated_at", "url", "urls"]);
    assert.equal(design.url, design.urls.edit_url, "the design's own URL");
    assert.deepEqual([design.thumbnail.width, design.thumbnail.height], [309, 400], "the first page (816×1056), rendered into 400 px");
    assert.deepEqual([design.title, design.page_count, typeof design.created_at], ["Quarterly report", 3, "number"]);
    assert.match(design.urls.edit_url, new RegExp(`/designs/${design.id}/edit\\?token=[\\w.-]+$`));
    const pages = await pagesOf(design.id);
    assert.deepEqual(pages.map((page: any) => [page.index, page.width, page.height]), [[1, 816, 1056], [2, 1123, 793], [3, 267, 133]]);
    for (const page of pages) {
      assert.equal(page.elements.length, 1);
      assert.deepEqual([page.elements[0].kind, page.elements[0].x, page.elements[0].y, page.elements[0].width, page.elements[0].height], ["image", 0, 0, page.width, page.height]);
    }
    // Really drawn: the lower-left quarter of each page is the blue box, the upper right is paper white.
    const blue = await assetPixel(pages[0].elements[0].asset.id, 0.1, 0.9);
    const white = await assetPixel(pages[0].elements[0].asset.id, 0.9, 0.3);
    assert.deepEqual([blue.asset.type, blue.asset.name], ["image", "Quarterly report"]);
    assert.ok(blue.rgb[2] > 180 && blue.rgb[0] < 80, `blue, not ${blue.rgb}`);
    assert.ok(white.rgb.every((channel) => channel > 240), `white, not ${white.rgb}`);
    const listed = await t.http.get(`/v1/designs/${design.id}`, { token });
    assert.deepEqual([listed.status, listed.body.design.page_count], [200, 3]);
  });

  test("PNG, JPEG and WebP images become a one-page design of the image's size holding it as an asset", async () => {
    const source = sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 20, g: 200, b: 40 } } });
    for (const [format, bytes] of [["png", await png(320, 180)], ["jpeg", await source.clone().jpeg().toBuffer()], ["webp", await source.clone().webp().toBuffer()]] as const) {
      const job = await imported(bytes, `Image ${format}`);
      assert.equal(job.status, "success", `${format}: ${JSON.stringify(job)}`);
      const pages = await pagesOf(job.result.designs[0].id);
      assert.deepEqual(pages.map((page: any) => [page.width, page.height, page.elements.length]), [[320, 180, 1]], format);
      const { asset } = await assetPixel(pages[0].elements[0].asset.id, 0.5, 0.5);
      assert.deepEqual([asset.type, asset.thumbnail.width, asset.thumbnail.height], ["image", 320, 180]);
    }
  });

  test("a PPTX becomes one page per slide at the presentation's slide size, with the slides' text", async () => {
    const job = await imported(pptx(["Welcome", "Q&amp;A"], 9144000, 6858000), "Deck");
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.equal(job.result.designs[0].page_count, 2);
    const pages = await pagesOf(job.result.designs[0].id);
    assert.deepEqual(pages.map((page: any) => [page.width, page.height]), [[960, 720], [960, 720]]);
    assert.deepEqual(pages.map((page: any) => page.elements.map((e: any) => [e.kind, e.text, e.x, e.y, e.width, e.height, e.fontSize, e.color])), [
      [["text", "Welcome", 100, 50, 500, 100, 48, "#ff0000"]],
      [["text", "Q&A", 100, 50, 500, 100, 48, "#ff0000"]],
    ]);
  });

  test("a damaged or unsupported file, or one with too many pages, fails the job with invalid_file", async () => {
    const whole = await pdf([[300, 300], [300, 300]]);
    const cases: [Buffer | string, RegExp][] = [
      [whole.subarray(0, Math.floor(whole.length / 2)), /PDF could not be read/],
      [Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 7)]), /PDF could not be read/],
      ["just some text, not a design", /not a PDF, a PowerPoint presentation \(PPTX\) or a PNG, JPEG or WebP image/],
      [await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer(), /not a PDF/],
      [await pdf(Array(6).fill([100, 100])), /has 6 pages: at most 5/],
      [pptx(["a"]).subarray(0, 300), /presentation could not be read|not a PDF/],
    ];
    for (const [bytes, message] of cases) {
      const job = await imported(bytes);
      assert.deepEqual([job.status, job.error?.code], ["failed", "invalid_file"], String(message));
      assert.match(job.error.message, message);
    }
  });

  test("a PPTX whose text the database cannot store (&#0;, a raw NUL, &#xD800;: no XML character) fails the job with invalid_file naming the slide; no design is made", async () => {
    const designs = await t.platform.runtime.db.prisma.design.count();
    for (const text of ["a&#0;b", "a\u0000b", "a&#xD800;b"]) {
      const job = await imported(pptx(["Fine", text]));
      assert.deepEqual([job.status, job.error?.code, job.error?.message], ["failed", "invalid_file", "Slide 2 holds text that cannot be stored (a NUL character or an unpaired surrogate)"], JSON.stringify(job));
    }
    assert.equal(await t.platform.runtime.db.prisma.design.count(), designs);
  });

  test("a file past IMPORT_MAX_BYTES is cut off as it arrives and fails with invalid_file saying it is too big", async () => {
    const job = await imported(Buffer.alloc(400 * 1024, 1));
    assert.deepEqual([job.status, job.error.code], ["failed", "invalid_file"]);
    assert.match(job.error.message, /too big to import: it is larger than the 300 KB limit \(IMPORT_MAX_BYTES\)/);
  });

  test("the metadata header is checked before any byte: 400 and no job", async () => {
    const jobs = await requestedJobCount(t);
    const send = (headers: Record<string, string>) =>
      t.http.request("POST", "/v1/imports", { token, body: "x", headers: { "content-type": "application/octet-stream", ...headers } });
    for (const [headers, code] of [
      [{}, "invalid_request"],
      [{ "import-metadata": "not json" }, "invalid_request"],
      [{ "import-metadata": JSON.stringify({ title: "x" }) }, "invalid_request"],
      [{ "import-metadata": JSON.stringify({ title_base64: Buffer.from("t".repeat(51)).toString("base64") }) }, "invalid_field"],
      [{ "import-metadata": JSON.stringify({ title_base64: "eA==", mime_type: "not a type" }) }, "invalid_field"],
    ] as const) {
      const response = await send(headers);
      assert.deepEqual([response.status, response.body.code], [400, code], JSON.stringify(headers));
    }
    assert.equal(await requestedJobCount(t), jobs);
  });
});

describe("import jobs: who may see them", () => {
  test("another user's job id, or an unknown one, is not found (REST and GraphQL)", async () => {
    const created = await postImport(t.http, token, await png(50, 50));
    const id = created.body.job.id;
    for (const path of [`/v1/imports/${id}`, `/v1/url-imports/${id}`, "/v1/imports/nope"]) {
      const response = await t.http.get(path, { token: path.includes("nope") || path.includes("url-") ? token : outsider });
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], path);
    }
    const graph = await t.http.graphql(`query($id: ID!) { designImportJob(id: $id) { id } }`, { id }, outsider);
    assert.equal(graph.body.errors?.[0].extensions.code, "NOT_FOUND");
  });

  test("no token 401; a token without design:content:write 403 missing_scope", async () => {
    assert.equal((await postImport(t.http, undefined, "x")).status, 401);
    assert.equal((await t.http.get("/v1/imports/abc")).status, 401);
    for (const response of [
      await postImport(t.http, metaOnly, "x"),
      await t.http.get("/v1/imports/abc", { token: metaOnly }),
      await t.http.post("/v1/url-imports", { title: "x", url: "https://example.com/a.pdf" }, { token: metaOnly }),
    ]) {
      assert.deepEqual([response.status, response.body.code], [403, "missing_scope"]);
    }
  });

  test("a private address is refused by a URL import: fetch_failed", async () => {
    const created = await t.http.post("/v1/url-imports", { title: "Inside", url: "http://127.0.0.1:9/deck.pptx" }, { token });
    assert.equal(created.status, 200, created.text);
    const job = await finishedJob(t.http, `/v1/url-imports/${created.body.job.id}`, token);
    assert.deepEqual([job.status, job.error.code], ["failed", "fetch_failed"]);
    assert.match(job.error.message, /non-public address/);
  });

  test("past the documented limit: 429 too_many_requests with Retry-After (import create 20 a minute)", async () => {
    const limited = await designScopedToken(t.http, p, p.client);
    const statuses: number[] = [];
    let refused: any;
    for (let i = 0; i < 21; i++) {
      const response = await postImport(t.http, limited, "not a file");
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    assert.deepEqual(statuses, [...Array(20).fill(200), 429]);
    assert.deepEqual(refused.body, { code: "too_many_requests", message: "Too many requests to createDesignImportJob" });
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
  });
});
