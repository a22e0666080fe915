// @tier contract
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { startDesignPlatform } from "../../../testing/designs.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { BLANK_DESIGN_LIFETIME_MS, sweepBlankDesigns } from "../domain/housekeeping.js";

let t: TestPlatform;
let token: string;
let outsider: string;
let metaOnly: string;
before(async () => ({ t, token, outsider, metaOnly } = await startDesignPlatform({ JOB_WORKERS: "0" })));
after(() => t.stop());

const db = () => t.platform.runtime.db.prisma;

async function designOf(designType: Record<string, unknown>, title = "Formats"): Promise<string> {
  const response = await t.http.post("/v1/designs", { design_type: designType, title }, { token });
  assert.equal(response.status, 200, response.text);
  return response.body.design.id;
}

async function addPage(designId: string): Promise<string> {
  const id = `P${randomBytes(6).toString("hex")}`;
  await db().designPage.create({ data: { id, designId, index: 2, width: 1920, height: 1080 } });
  return id;
}

const formatsOf = (designId: string, who = token) => t.http.get(`/v1/designs/${designId}/export-formats`, { token: who });

describe("GET /v1/designs/{id}/export-formats", () => {
  test("by type: pptx and mp4 except for documents and emails, the image formats for every design", async () => {
    const presentation = await designOf({ type: "preset", name: "presentation" });
    const response = await formatsOf(presentation);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { formats: { pdf: {}, jpg: {}, png: {}, pptx: {}, gif: {}, mp4: {} } });
    assert.deepEqual((await formatsOf(await designOf({ type: "preset", name: "doc" }))).body.formats, { pdf: {}, jpg: {}, png: {}, gif: {} });
    assert.deepEqual(Object.keys((await formatsOf(await designOf({ type: "custom", width: 500, height: 500 }))).body.formats), ["pdf", "jpg", "png", "pptx", "gif", "mp4"]);
    await addPage(presentation);
    assert.deepEqual(Object.keys((await formatsOf(presentation)).body.formats), ["pdf", "jpg", "png", "pptx", "gif", "mp4"]);
    const graph = await t.http.graphql(`query($id: ID!) { designExportFormats(designId: $id) }`, { id: presentation }, token);
    assert.deepEqual(graph.body.data?.designExportFormats, ["pdf", "jpg", "png", "pptx", "gif", "mp4"]);
  });

  test("another team's design and unknown ids are 404 design_not_found; the scope is design:content:read", async () => {
    const design = await designOf({ type: "preset", name: "email" });
    for (const [id, who] of [[design, outsider], ["Dnope", token], ["not*valid", token]] as const) {
      const response = await formatsOf(id, who);
      assert.deepEqual([response.status, response.body.code], [404, "design_not_found"], response.text);
    }
    const unscoped = await formatsOf(design, metaOnly);
    assert.deepEqual([unscoped.status, unscoped.body.code], [403, "missing_scope"]);
    assert.equal((await t.http.get(`/v1/designs/${design}/export-formats`)).status, 401);
  });
});

describe("housekeeping: blank designs nobody changed are deleted after 7 days", () => {
  test("only blank, unchanged designs past their lifetime go; designs with content, changed ones and young ones stay", async () => {
    const old = new Date(Date.now() - BLANK_DESIGN_LIFETIME_MS - 60_000);
    const blank = await designOf({ type: "preset", name: "doc" }, "Blank");
    const withContent = await designOf({ type: "preset", name: "doc" }, "With a shape");
    const changed = await designOf({ type: "preset", name: "doc" }, "Edited");
    const young = await designOf({ type: "preset", name: "doc" }, "Young");
    const page = await db().designPage.findFirstOrThrow({ where: { designId: withContent } });
    await db().designElement.create({ data: { id: `E${randomBytes(6).toString("hex")}`, pageId: page.id, kind: "shape", x: 0, y: 0, width: 10, height: 10, z: 0, shape: "rect", fill: "#00ff00" } });
    await db().design.updateMany({ where: { id: { in: [blank, withContent, changed] } }, data: { createdAt: old } });
    await db().design.update({ where: { id: changed }, data: { changedByUser: true } });

    const { files } = t.platform.runtime;
    const rendered = await t.http.get(`/v1/designs/${blank}`, { token });
    const renderKey = decodeURIComponent(new URL(rendered.body.design.thumbnail.url).pathname.replace(/^\/blobs\//, ""));
    assert.equal(await files.exists(renderKey), true, "the blank design's page was rendered into the blob store");
    const deleted: string[] = [];
    const sweeping = { db: db(), files: { delete: (key: string) => (deleted.push(key), files.delete(key)) } };
    assert.equal(await sweepBlankDesigns(sweeping), 1);
    assert.deepEqual((await t.http.get(`/v1/designs/${blank}`, { token })).status, 404);
    assert.deepEqual(deleted, [renderKey], "its one page's render, and no other design's");
    assert.equal(await files.exists(renderKey), false, "its render went with it");
    for (const kept of [withContent, changed, young]) assert.equal((await t.http.get(`/v1/designs/${kept}`, { token })).status, 200);
    assert.equal(await db().designPage.count({ where: { designId: blank } }), 0, "its pages went with it");
    assert.equal(await sweepBlankDesigns(sweeping), 0);
  });
});
