// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { DesignsContext } from "../context.js";
import { createDesign } from "../domain/designs.js";
import { editDesign } from "../domain/editing/edit-design.js";
import { changeOf, editsSince, pruneEdits } from "../domain/editing/history.js";
import type { OperationInput } from "../domain/editing/operations.js";
import { EDITED_PAGE_RENDER_INTERVAL_MS, pageThumbnail } from "../domain/render/thumbnails.js";

let designs: DomainUnderTest<DesignsContext>;
before(async () => (designs = await domainUnderTest<DesignsContext>("designs", { DESIGN_PAGE_ELEMENTS_MAX: "6", DESIGN_EDIT_OPERATIONS_MAX: "8" })));
after(() => designs?.stop());

let teams = 0;
function member(teamId: string, userId: number): DesignPrincipal {
  return { kind: "design", userId, subject: `U${userId}`, clientId: "OCunit", scopes: [], jti: "j", familyId: "f", teamId };
}
/** Two members of a fresh team. */
function team(): [DesignPrincipal, DesignPrincipal] {
  const teamId = `Tedit${++teams}`;
  return [member(teamId, teams * 10 + 1), member(teamId, teams * 10 + 2)];
}

const ctx = () => designs.as({ id: 1 });
const db = () => designs.db;
const edit = (caller: DesignPrincipal, designId: string, operations: OperationInput[], baseVersion?: number) => editDesign(ctx(), caller, { designId, operations, baseVersion });
const extensionsOf = (error: unknown) => (error as { extensions: Record<string, unknown> }).extensions;

async function refused(promise: Promise<unknown>, expected: Record<string, unknown>): Promise<void> {
  await assert.rejects(promise, (error) => {
    const extensions = extensionsOf(error);
    for (const [key, value] of Object.entries(expected)) assert.deepEqual(extensions[key], value, `${key} of ${JSON.stringify(extensions)}`);
    return true;
  });
}

async function newDesign(owner: DesignPrincipal): Promise<{ id: string; pageId: string }> {
  const design = await createDesign(ctx(), owner, { designType: { type: "preset", name: "presentation" } });
  const page = await db().designPage.findFirstOrThrow({ where: { designId: design.id } });
  return { id: design.id, pageId: page.id };
}

const pagesOf = async (designId: string) => db().designPage.findMany({ where: { designId }, orderBy: { index: "asc" } });
const elementsOf = async (pageId: string) => db().designElement.findMany({ where: { pageId }, orderBy: { z: "asc" } });
const rect = (pageId: string, x = 10) => ({ addElement: { pageId, kind: "shape" as const, x, y: 20, width: 100, height: 50 } });

async function imageAsset(owner: DesignPrincipal, id: string): Promise<string> {
  await db().asset.create({ data: { id, type: "image", name: id, ownerId: owner.userId, teamId: owner.teamId, blobKey: `k/${id}`, contentType: "image/png", byteSize: 1, width: 200, height: 100 } });
  return id;
}

describe("editDesign: every operation, applied in order as the next version", () => {
  test("elements: text, shape and image added with defaults; updated property by property; deleted", async () => {
    const [owner] = team();
    const { id, pageId } = await newDesign(owner);
    const asset = await imageAsset(owner, `A${teams}img`);
    const added = await edit(owner, id, [
      { addElement: { pageId, kind: "text", x: 1, y: 2, width: 300, height: 40, text: "Hello" } },
      { addElement: { pageId, kind: "shape", x: 5, y: 5, width: 10, height: 10, shape: "ellipse", fill: "#ff0000" } },
      { addElement: { pageId, kind: "image", x: 0, y: 0, width: 200, height: 100, assetId: asset, z: -5 } },
    ]);
    assert.equal(added.version, 1);
    assert.equal(added.createdElementIds.length, 3);
    const [text, ellipse, image] = added.createdElementIds;
    const stored = await elementsOf(pageId);
    assert.deepEqual(stored.map((element) => [element.id, element.kind, element.z]), [[image, "image", -5], [text, "text", 0], [ellipse, "shape", 1]]);
    assert.deepEqual([stored[1].text, stored[1].fontSize, stored[1].color], ["Hello", 32, "#000000"]);
    assert.equal(stored[2].shape, "ellipse");

    const updated = await edit(owner, id, [{ updateElement: { elementId: text, x: 50, text: "Hello, world", color: "#112233" } }, { deleteElement: ellipse }]);
    assert.equal(updated.version, 2);
    const after = await db().designElement.findUniqueOrThrow({ where: { id: text } });
    assert.deepEqual([after.x, after.y, after.text, after.color, after.fontSize, after.version], [50, 2, "Hello, world", "#112233", 32, 2]);
    assert.equal(await db().designElement.count({ where: { id: ellipse } }), 0);
    const [change] = await editsSince(ctx(), owner, id, 1);
    assert.deepEqual(change.operations, [{ updateElement: { elementId: text, x: 50, text: "Hello, world", color: "#112233" } }, { deleteElement: ellipse }]);
    assert.deepEqual(change.changedElementIds, [text]);
    assert.deepEqual(change.removedElementIds, [ellipse]);
    const design = await db().design.findUniqueOrThrow({ where: { id } });
    assert.equal(design.version, 2);
    assert.equal(design.changedByUser, true);
  });

  test("pages: added (at the end with the design's size, or at an index with a size), moved, resized, deleted with their elements; the title set", async () => {
    const [owner] = team();
    const { id, pageId: first } = await newDesign(owner);
    const { createdPageIds } = await edit(owner, id, [{ addPage: {} }, { addPage: { index: 1, width: 400, height: 300 } }]);
    const [last, front] = createdPageIds;
    assert.deepEqual((await pagesOf(id)).map((page) => [page.id, page.index, page.width, page.height]), [[front, 1, 400, 300], [first, 2, 1920, 1080], [last, 3, 1920, 1080]]);
    const { createdElementIds: [onLast] } = await edit(owner, id, [rect(last)]);
    const moved = await edit(owner, id, [{ movePage: { pageId: last, index: 1 } }, { resizePage: { pageId: first, width: 800, height: 600 } }, { setTitle: "Renamed" }]);
    assert.deepEqual((await pagesOf(id)).map((page) => [page.id, page.index, page.width]), [[last, 1, 1920], [front, 2, 400], [first, 3, 800]]);
    const deleted = await edit(owner, id, [{ deletePage: last }]);
    assert.deepEqual((await pagesOf(id)).map((page) => [page.id, page.index]), [[front, 1], [first, 2]]);
    assert.deepEqual((await editsSince(ctx(), owner, id, deleted.version - 1))[0].removedElementIds, [onLast]);
    assert.equal((await db().design.findUniqueOrThrow({ where: { id } })).title, "Renamed");
    assert.equal(moved.design.title, "Renamed");
    await refused(edit(owner, id, [{ deletePage: front }, { deletePage: first }]), { code: "BAD_USER_INPUT", operation: 1 });
  });
});

describe("editDesign: all or nothing, and what it refuses", () => {
  test("a failing operation leaves the design as it was, and names the operation", async () => {
    const [owner] = team();
    const { id, pageId } = await newDesign(owner);
    await refused(edit(owner, id, [rect(pageId), { setTitle: "Changed" }, { deleteElement: "Enowhere" }]), { code: "NOT_FOUND", entity: "element", operation: 2 });
    assert.equal((await elementsOf(pageId)).length, 0);
    const design = await db().design.findUniqueOrThrow({ where: { id } });
    assert.deepEqual([design.version, design.title], [0, "Untitled design"]);
    assert.equal(await db().designEdit.count({ where: { designId: id } }), 0);
  });

  test("bad values, properties of another kind, too many operations or elements, no page left", async () => {
    const [owner] = team();
    const { id, pageId } = await newDesign(owner);
    const { createdElementIds: [shape] } = await edit(owner, id, [rect(pageId)]);
    const cases: [OperationInput[], Record<string, unknown>][] = [
      [[{ addElement: { pageId, kind: "text", x: 0, y: 0, width: 10, height: 10 } }], { field: "text" }],
      [[{ addElement: { pageId, kind: "text", x: 0, y: 0, width: 10, height: 10, text: "x".repeat(10_001) } }], { field: "text" }],
      [[{ addElement: { pageId, kind: "shape", x: 0, y: 0, width: 0, height: 10 } }], { field: "width" }],
      [[{ addElement: { pageId, kind: "shape", x: 0, y: 0, width: 10, height: 10, text: "no" } }], { field: "text" }],
      [[{ addElement: { pageId, kind: "shape", x: 0, y: 0, width: 10, height: 10, fill: "red" } }], { field: "fill" }],
      [[{ addElement: { pageId, kind: "image", x: 0, y: 0, width: 10, height: 10 } }], { field: "assetId" }],
      [[{ updateElement: { elementId: shape, text: "shapes have none" } }], { field: "text" }],
      [[{ updateElement: { elementId: shape } }], { field: "updateElement" }],
      [[{ addPage: { width: 39 } }], { field: "width" }],
      [[{ resizePage: { pageId, width: 8001, height: 100 } }], { field: "width" }],
      [[{ addPage: { index: 3 } }], { field: "index" }],
      [[{ movePage: { pageId, index: 2 } }], { field: "index" }],
      [[{ setTitle: "" }], { field: "title" }],
      [[{ setTitle: "a", deletePage: pageId } as OperationInput], { field: "operations" }],
      [[], { field: "operations" }],
      [Array.from({ length: 9 }, () => ({ setTitle: "many" })), { field: "operations" }],
      [Array.from({ length: 6 }, (_, i) => rect(pageId, i)), { field: "pageId", operation: 5 }],
      [[{ deletePage: pageId }], { field: "deletePage" }],
    ];
    for (const [operations, expected] of cases) await refused(edit(owner, id, operations), { code: "BAD_USER_INPUT", ...expected });
    assert.equal((await db().design.findUniqueOrThrow({ where: { id } })).version, 1);
  });

  test("another team's design, page, element and asset are not found, like unknown ones", async () => {
    const [owner] = team();
    const [outsider] = team();
    const mine = await newDesign(owner);
    const theirs = await newDesign(outsider);
    const { createdElementIds: [theirShape] } = await edit(outsider, theirs.id, [rect(theirs.pageId)]);
    const theirAsset = await imageAsset(outsider, `A${teams}other`);
    await refused(edit(owner, theirs.id, [{ setTitle: "mine now" }]), { code: "NOT_FOUND", entity: "design" });
    await refused(edit(owner, "Dunknown", [{ setTitle: "x" }]), { code: "NOT_FOUND", entity: "design" });
    await refused(edit(owner, mine.id, [rect(theirs.pageId)]), { code: "NOT_FOUND", entity: "page" });
    await refused(edit(owner, mine.id, [{ updateElement: { elementId: theirShape, x: 1 } }]), { code: "NOT_FOUND", entity: "element" });
    await refused(edit(owner, mine.id, [{ deleteElement: theirShape }]), { code: "NOT_FOUND", entity: "element" });
    await refused(edit(owner, mine.id, [{ addElement: { pageId: mine.pageId, kind: "image", x: 0, y: 0, width: 5, height: 5, assetId: theirAsset } }]), { code: "NOT_FOUND", entity: "asset" });
    await refused(editsSince(ctx(), owner, theirs.id, 0), { code: "NOT_FOUND" });
    await refused(changeOf(ctx(), owner, theirs.id, null), { code: "NOT_FOUND" });
    assert.equal((await db().designElement.findUniqueOrThrow({ where: { id: theirShape } })).x, 10);
  });
});

describe("editDesign: concurrent editors", () => {
  test("20 edits at once: 20 versions in order, 20 elements, none lost", async () => {
    const [owner, colleague] = team();
    const { id, pageId } = await newDesign(owner);
    await edit(owner, id, [{ addPage: {} }, { addPage: {} }, { addPage: {} }]);
    const pages = (await pagesOf(id)).map((page) => page.id);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => edit(i % 2 ? colleague : owner, id, [rect(pages[i % 4], i)])));
    assert.deepEqual(results.map((result) => result.version).sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 2));
    assert.equal(await db().designElement.count({ where: { page: { designId: id } } }), 20);
    const edits = await editsSince(ctx(), owner, id, 1);
    assert.deepEqual(edits.map((change) => change.version), Array.from({ length: 20 }, (_, i) => i + 2));
    assert.equal(pageId, pages[0]);
  });

  test("updates are last-writer-wins per property; baseVersion conflicts only on what changed after it", async () => {
    const [owner, colleague] = team();
    const { id, pageId } = await newDesign(owner);
    const { createdElementIds: [a, b], version: base } = await edit(owner, id, [rect(pageId), rect(pageId, 200)]);
    await Promise.all([edit(owner, id, [{ updateElement: { elementId: a, x: 111 } }], base), edit(colleague, id, [{ updateElement: { elementId: b, y: 222 } }], base)]);
    await edit(colleague, id, [{ updateElement: { elementId: a, fill: "#00ff00" } }]);
    const stored = await db().designElement.findUniqueOrThrow({ where: { id: a } });
    assert.deepEqual([stored.x, stored.fill], [111, "#00ff00"]);
    await refused(edit(owner, id, [{ updateElement: { elementId: a, y: 1 } }], base), { code: "CONFLICT", version: 4 });
    await refused(edit(owner, id, [{ deleteElement: b }], base), { code: "CONFLICT", version: 4 });
    await refused(edit(owner, id, [{ setTitle: "x" }], 99), { code: "BAD_USER_INPUT", field: "baseVersion" });
    const fresh = await edit(owner, id, [{ updateElement: { elementId: a, y: 1 } }], 4);
    assert.equal(fresh.version, 5);
    // The page itself never changed: an old base still edits it, and a page changed earlier in the same edit is no conflict.
    const resized = await edit(colleague, id, [{ resizePage: { pageId, width: 100, height: 100 } }, { movePage: { pageId, index: 1 } }], 0);
    await refused(edit(owner, id, [{ resizePage: { pageId, width: 200, height: 200 } }], resized.version - 1), { code: "CONFLICT", version: resized.version });
  });
});

describe("the edit history", () => {
  test("designEdits from a version; the subscription's twin answers one edit or the latest; kept a day or the last 1000", async () => {
    const [owner] = team();
    const { id, pageId } = await newDesign(owner);
    assert.deepEqual(await changeOf(ctx(), owner, id, null), { designId: id, version: 0, authorId: owner.userId, at: (await db().design.findUniqueOrThrow({ where: { id } })).createdAt, operations: [], changedElementIds: [], removedElementIds: [] });
    for (let i = 0; i < 3; i++) await edit(owner, id, [rect(pageId, i)]);
    assert.equal((await changeOf(ctx(), owner, id, null)).version, 3);
    assert.equal((await changeOf(ctx(), owner, id, "2")).version, 2);
    await refused(changeOf(ctx(), owner, id, "4"), { code: "BAD_USER_INPUT" });
    assert.deepEqual((await editsSince(ctx(), owner, id, 0)).map((change) => change.version), [1, 2, 3]);
    assert.deepEqual((await editsSince(ctx(), owner, id, 1, 1)).map((change) => change.version), [2]);
    assert.deepEqual(await editsSince(ctx(), owner, id, 3), []);
    await refused(editsSince(ctx(), owner, id, 4), { code: "BAD_USER_INPUT", field: "sinceVersion" });

    await db().designEdit.updateMany({ where: { designId: id }, data: { at: new Date(Date.now() - 25 * 3600_000) } });
    assert.equal(await pruneEdits(db()), 0, "the last 1000 are kept whatever their age");
    await db().design.update({ where: { id }, data: { version: 1002 } });
    assert.equal(await pruneEdits(db()), 2);
    await db().design.update({ where: { id }, data: { version: 3 } });
    await refused(editsSince(ctx(), owner, id, 0), { code: "GONE", oldestVersion: 3, version: 3 });
    assert.deepEqual((await editsSince(ctx(), owner, id, 2)).map((change) => change.version), [3]);
  });
});

describe("thumbnails while a design is edited", () => {
  test("a burst of edits renders a page at most once per interval; a change that is not an edit renders at once", async () => {
    const [owner] = team();
    const { id, pageId } = await newDesign(owner);
    const thumbnailPath = async (at: number) => {
      const design = await db().design.findUniqueOrThrow({ where: { id } });
      const page = await db().designPage.findUniqueOrThrow({ where: { id: pageId } });
      return new URL((await pageThumbnail(ctx(), design, page, at))!.url, "http://x").pathname;
    };
    const start = Date.now();
    const first = await thumbnailPath(start);
    await edit(owner, id, [rect(pageId)]);
    assert.equal(await thumbnailPath(start + 100), first, "within the interval: the render of the last version drawn");
    await edit(owner, id, [rect(pageId, 300)]);
    const later = await thumbnailPath(start + EDITED_PAGE_RENDER_INTERVAL_MS + 1);
    assert.notEqual(later, first, "after the interval: the latest version");
    await db().design.update({ where: { id }, data: { title: "changed elsewhere" } });
    assert.notEqual(await thumbnailPath(start + EDITED_PAGE_RENDER_INTERVAL_MS + 2), later, "a change without an edit (same version) is drawn at once");
  });
});

describe("rate of edits per design", () => {
  test("more than DESIGN_EDITS_PER_MINUTE edits of one design a minute are refused, whoever sends them; other designs are not held", async () => {
    const limited = await domainUnderTest<DesignsContext>("designs", { DESIGN_EDITS_PER_MINUTE: "3" });
    try {
      const [owner, colleague] = team();
      const one = await createDesign(limited.as({ id: 1 }), owner, { designType: { type: "preset", name: "doc" } });
      const other = await createDesign(limited.as({ id: 1 }), owner, { designType: { type: "preset", name: "doc" } });
      const send = (caller: DesignPrincipal, designId: string) => editDesign(limited.as({ id: 1 }), caller, { designId, operations: [{ setTitle: "t" }] });
      for (const caller of [owner, colleague, owner]) await send(caller, one.id);
      await refused(send(colleague, one.id), { code: "RATE_LIMITED" });
      assert.equal((await send(owner, other.id)).version, 1);
      assert.equal((await limited.db.design.findUniqueOrThrow({ where: { id: one.id } })).version, 3);
    } finally {
      await limited.stop();
    }
  });
});
