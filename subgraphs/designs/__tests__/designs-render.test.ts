// @tier contract
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { onPlatform } from "../../../testing/assets.js";
import { designAndAssetToken, fetchedPng, startDesignPlatform, uploadedImage } from "../../../testing/designs.js";
import { viewLink } from "../domain/view-links.js";

let t: TestPlatform;
let p: People;
let token: string;

before(async () => ({ t, p } = await startDesignPlatform()));
after(() => t.stop());
// Creating designs (20) and uploading assets (30) are limited per minute: each test starts with a budget of its own.
beforeEach(async () => {
  if (t) token = await designAndAssetToken(t.http, p, p.client);
});

const db = () => t.platform.runtime.db.prisma;
const PINK = { r: 200, g: 40, b: 90 };
const near = (actual: number[], expected: number[], what: string) =>
  assert.ok(expected.every((value, i) => Math.abs(actual[i] - value) <= 3), `${what}: ${actual} is not ${expected}`);

async function created(body: unknown, who = token): Promise<any> {
  const response = await t.http.post("/v1/designs", body, { token: who });
  assert.equal(response.status, 200, response.text);
  return response.body.design;
}

async function read(id: string): Promise<any> {
  const response = await t.http.get(`/v1/designs/${id}`, { token });
  assert.equal(response.status, 200, response.text);
  return response.body.design;
}

/** Marks the design edited (its content version moves on), as an edit of its content would. */
const touch = (id: string) => db().design.update({ where: { id }, data: { changedByUser: true } });

const ELEMENTS = `elements { kind x y width height ... on ImageElement { asset { id } } }`;

describe("POST /v1/designs with asset_id", () => {
  test("asset_id alone makes a custom design with one page of the image's size, the image filling it, rendered", async () => {
    const assetId = await uploadedImage(t.http, token, 300, 150, PINK);
    const design = await created({ asset_id: assetId, title: "From a picture" });
    assert.equal(design.page_count, 1);
    const pages = await t.http.get(`/v1/designs/${design.id}/pages`, { token });
    assert.deepEqual(pages.body.items[0].dimensions, { width: 300, height: 150 });
    const graph = await t.http.graphql(`query($id: ID!) { design(id: $id) { designType { type } pages { width height ${ELEMENTS} } } }`, { id: design.id }, token);
    assert.deepEqual(graph.body.data?.design, {
      designType: { type: "custom" },
      pages: [{ width: 300, height: 150, elements: [{ kind: "image", x: 0, y: 0, width: 300, height: 150, asset: { id: assetId } }] }],
    });
    const png = await fetchedPng(t.http, design.thumbnail.url);
    assert.deepEqual([design.thumbnail.width, design.thumbnail.height, png.width, png.height], [300, 150, 300, 150]);
    near(png.pixel(150, 75), [PINK.r, PINK.g, PINK.b, 255], "the image is drawn");
  });

  test("with a design type the page keeps the type's size and the image is fitted and centred", async () => {
    const assetId = await uploadedImage(t.http, token, 200, 100);
    const design = await created({ asset_id: assetId, design_type: { type: "preset", name: "doc" } });
    const graph = await t.http.graphql(`query($id: ID!) { design(id: $id) { designType { type name } pages { width height ${ELEMENTS} } } }`, { id: design.id }, token);
    assert.deepEqual(graph.body.data?.design, {
      designType: { type: "preset", name: "doc" },
      pages: [{ width: 816, height: 1056, elements: [{ kind: "image", x: 0, y: 324, width: 816, height: 408, asset: { id: assetId } }] }],
    });
    const png = await fetchedPng(t.http, design.thumbnail.url);
    assert.deepEqual([png.width, png.height], [309, 400]);
    near(png.pixel(5, 5), [255, 255, 255, 255], "the page around the image is white");
    near(png.pixel(154, 200), [PINK.r, PINK.g, PINK.b, 255], "the image is in the middle");
  });

  test("another team's, trashed, unknown and malformed assets are 404 asset_not_found; nothing is created", async () => {
    const outsider = await designAndAssetToken(t.http, p, p.staff);
    const theirs = await uploadedImage(t.http, outsider, 50, 50);
    const trashed = await uploadedImage(t.http, token, 50, 50);
    assert.equal((await t.http.request("DELETE", `/v1/assets/${trashed}`, { token })).status, 204);
    const count = await db().design.count();
    for (const assetId of [theirs, trashed, "Aunknown", "bad id!", "x".repeat(51)]) {
      for (const body of [{ asset_id: assetId }, { asset_id: assetId, design_type: { type: "preset", name: "doc" } }]) {
        const response = await t.http.post("/v1/designs", body, { token });
        assert.deepEqual([response.status, response.body], [404, { code: "asset_not_found", message: "Asset not found" }], JSON.stringify(body));
      }
    }
    const bad = await t.http.post("/v1/designs", { asset_id: { id: theirs } }, { token });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(await db().design.count(), count, "nothing was created");
  });

  test("a trashed asset stays drawn in the designs that use it; a missing file draws a neutral placeholder, never a 500", async () => {
    const assetId = await uploadedImage(t.http, token, 120, 80, PINK);
    const design = await created({ asset_id: assetId });
    assert.equal((await t.http.request("DELETE", `/v1/assets/${assetId}`, { token })).status, 204);
    await touch(design.id);
    const after = await read(design.id);
    assert.notEqual(new URL(after.thumbnail.url).pathname, new URL(design.thumbnail.url).pathname, "rendered anew after the change");
    near((await fetchedPng(t.http, after.thumbnail.url)).pixel(60, 40), [PINK.r, PINK.g, PINK.b, 255], "still drawn after the asset was trashed");
    const asset = await db().asset.findUniqueOrThrow({ where: { id: assetId } });
    for (const key of [asset.blobKey, asset.thumbnailKey]) if (key) await t.platform.runtime.files.delete(key);
    await db().design.update({ where: { id: design.id }, data: { title: "File gone" } });
    const placeholder = await read(design.id);
    near((await fetchedPng(t.http, placeholder.thumbnail.url)).pixel(60, 40), [0xd9, 0xd9, 0xd9, 255], "placeholder");
  });
});

describe("thumbnails", () => {
  test("shapes and text are drawn into 400 px; rendered once per version and served 15 minutes", async () => {
    const design = await created({ design_type: { type: "custom", width: 800, height: 400 } });
    const page = await db().designPage.findFirstOrThrow({ where: { designId: design.id } });
    await db().designElement.createMany({
      data: [
        { id: "Erect", pageId: page.id, kind: "shape", shape: "rect", fill: "#00ff00", x: 0, y: 0, width: 400, height: 400, z: 0 },
        { id: "Eellipse", pageId: page.id, kind: "shape", shape: "ellipse", fill: "#0000ff", x: 400, y: 0, width: 400, height: 400, z: 1 },
        { id: "Etext", pageId: page.id, kind: "text", text: `</text><script>alert("x")</script> & ]]>`, fontSize: 40, color: "#ff0000", x: 20, y: 20, width: 300, height: 60, z: 2 },
      ],
    });
    await touch(design.id);
    const now = Math.floor(Date.now() / 1000);
    const { thumbnail } = await read(design.id);
    assert.deepEqual([thumbnail.width, thumbnail.height], [400, 200]);
    const expires = Number(new URL(thumbnail.url).searchParams.get("expires"));
    assert.ok(expires >= now + 15 * 60 - 1 && expires <= now + 15 * 60 + 5, `expires in 15 minutes: ${expires - now}`);
    const png = await fetchedPng(t.http, thumbnail.url);
    assert.deepEqual([png.width, png.height], [400, 200]);
    near(png.pixel(100, 150), [0, 255, 0, 255], "the rectangle");
    near(png.pixel(300, 100), [0, 0, 255, 255], "the ellipse's centre");
    near(png.pixel(203, 3), [255, 255, 255, 255], "outside the ellipse");
    const again = await read(design.id);
    assert.equal(new URL(again.thumbnail.url).pathname, new URL(thumbnail.url).pathname, "the stored render is reused");
    const pages = await t.http.get(`/v1/designs/${design.id}/pages`, { token });
    assert.equal(new URL(pages.body.items[0].thumbnail.url).pathname, new URL(thumbnail.url).pathname, "the first page's thumbnail is the design's");
    const stale = new URL(onPlatform(t.http, thumbnail.url));
    stale.searchParams.set("expires", String(now - 1));
    assert.equal((await fetch(stale)).status, 403, "an altered expiry is refused");
  });

  test("every page has its thumbnail on the pages endpoint and Design.pages", async () => {
    const design = await created({ design_type: { type: "custom", width: 100, height: 500 } });
    await db().designPage.create({ data: { id: `P2${design.id}`.slice(0, 50), designId: design.id, index: 2, width: 600, height: 300 } });
    await touch(design.id);
    const pages = (await t.http.get(`/v1/designs/${design.id}/pages`, { token })).body.items;
    assert.deepEqual(pages.map((one: any) => [one.thumbnail.width, one.thumbnail.height]), [[80, 400], [400, 200]]);
    const second = await fetchedPng(t.http, pages[1].thumbnail.url);
    assert.deepEqual([second.width, second.height], [400, 200]);
    const graph = await t.http.graphql(`query($id: ID!) { design(id: $id) { thumbnail { width height } pages { index thumbnail { width height url } } } }`, { id: design.id }, token);
    assert.deepEqual(graph.body.data?.design.thumbnail, { width: 80, height: 400 });
    assert.deepEqual(graph.body.data?.design.pages.map((one: any) => one.thumbnail.height), [400, 200]);
  });
});

describe("view and edit links", () => {
  test("open a page with the escaped title, without an API token: the viewer shows the pages as images, the editor its script", async () => {
    const design = await created({ design_type: { type: "custom", width: 400, height: 200 }, title: `<b>Q&A</b> "plans"` });
    const pages = async (link: string) => {
      const response = await fetch(onPlatform(t.http, link));
      const html = await response.text();
      assert.equal(response.status, 200, html);
      assert.match(response.headers.get("content-type") ?? "", /text\/html/);
      assert.match(response.headers.get("content-security-policy") ?? "", /default-src 'none'/);
      assert.ok(html.includes("&lt;b&gt;Q&amp;A&lt;/b&gt; &quot;plans&quot;") && !html.includes("<b>Q&A"), html);
      return [...html.matchAll(/<img src="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));
    };
    const sources = await pages(design.urls.view_url);
    assert.equal(sources.length, 1);
    const png = await fetchedPng(t.http, sources[0]);
    assert.deepEqual([png.width, png.height], [400, 200]);
    // The editor reads the pages through the graph once its user has signed in: its page shows none.
    assert.deepEqual(await pages(design.urls.edit_url), []);
    const expiry = JSON.parse(Buffer.from(new URL(design.urls.view_url).searchParams.get("token")!.split(".")[0], "base64url").toString()).expires;
    assert.ok(Math.abs(expiry - (Date.now() / 1000 + 30 * 24 * 3600)) < 60, "valid 30 days");
  });

  test("tampered, expired, other designs' and missing tokens show a 403 page and nothing of the design", async () => {
    const design = await created({ design_type: { type: "preset", name: "doc" }, title: "Secret roadmap" });
    const other = await created({ design_type: { type: "preset", name: "doc" }, title: "Other" });
    const view = onPlatform(t.http, design.urls.view_url);
    const token = view.searchParams.get("token")!;
    const tampered = new URL(view);
    tampered.searchParams.set("token", `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`);
    const expired = onPlatform(t.http, viewLink(t.platform.runtime.config.publicUrl, t.platform.runtime.keyFor("design-views"), design.id, "view", Date.now() - 31 * 24 * 3600 * 1000));
    const otherDesign = new URL(view);
    otherDesign.searchParams.set("token", onPlatform(t.http, other.urls.view_url).searchParams.get("token")!);
    const editAsView = new URL(view);
    editAsView.searchParams.set("token", onPlatform(t.http, design.urls.edit_url).searchParams.get("token")!);
    const bare = new URL(view);
    bare.search = "";
    for (const [url, message] of [[tampered, /not valid/], [expired, /expired/], [otherDesign, /not valid/], [editAsView, /not valid/], [bare, /not valid/]] as const) {
      const response = await fetch(url);
      const html = await response.text();
      assert.equal(response.status, 403, `${url}: ${html}`);
      assert.match(html, message);
      assert.ok(!html.includes("Secret roadmap") && !html.includes("/blobs/"), html);
    }
    const escape = await fetch(new URL(`/designs/..%2fgraphql?token=${token}`, t.http.baseUrl));
    assert.ok([403, 404].includes(escape.status), `path tricks reach nothing else: ${escape.status}`);
  });
});

describe("the viewer's rate", () => {
  test("61 anonymous views of a design: the view link answers 429 with Retry-After, the team's edit link still 200 (separate budgets of 60 a minute)", async () => {
    const design = await created({ design_type: { type: "custom", width: 60, height: 60 } });
    const [view, edit] = [onPlatform(t.http, design.urls.view_url), onPlatform(t.http, design.urls.edit_url)];
    for (let i = 0; i < 60; i++) assert.equal((await fetch(view)).status, 200, `view ${i + 1}`);
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(view);
      assert.equal(refused.status, 429, `view ${61 + i}`);
      assert.ok(Number(refused.headers.get("retry-after")) > 0);
      assert.doesNotMatch(await refused.text(), /<img/);
      const editor = await fetch(edit);
      assert.equal(editor.status, 200, "the edit link is not closed by views");
      assert.match(await editor.text(), /<script src="\/pages\/editor\.js">/);
    }
    const other = await created({ design_type: { type: "custom", width: 60, height: 60 } });
    assert.equal((await fetch(onPlatform(t.http, other.urls.view_url))).status, 200, "another design keeps its own budget");
  });

  test("the edit link has its own 60 a minute: past it a 429 page with Retry-After, and the view link still answers", async () => {
    const design = await created({ design_type: { type: "custom", width: 60, height: 60 } });
    const [view, edit] = [onPlatform(t.http, design.urls.view_url), onPlatform(t.http, design.urls.edit_url)];
    for (let i = 0; i < 60; i++) assert.equal((await fetch(edit)).status, 200, `edit ${i + 1}`);
    const refused = await fetch(edit);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.equal((await fetch(view)).status, 200, "opening the editor does not close the view link");
  });
});
