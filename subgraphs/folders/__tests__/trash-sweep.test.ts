// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { FoldersContext } from "../context.js";
import { StoreUnavailableError } from "../../../lib/unavailable.js";
import { emptyTrash } from "../domain/trash.js";

let folders: DomainUnderTest<FoldersContext>;
before(async () => (folders = await domainUnderTest<FoldersContext>("folders", {})));
after(() => folders?.stop());

const DAY = 24 * 60 * 60 * 1000;
const RETENTION = 30 * DAY;
const db = () => folders.db;
const files = () => folders.runtime.files;

/** An image asset of team `teamId` with its two files stored, trashed `daysAgo` days ago (or not trashed). */
async function asset(teamId: string, daysAgo: number | null): Promise<{ id: string; keys: string[] }> {
  const id = `Atrash${randomBytes(5).toString("hex")}`;
  const keys = [`assets/${id}/original`, `assets/${id}/thumbnail.png`];
  for (const key of keys) await files().put(key, Buffer.from(key), "image/png");
  await db().asset.create({
    data: {
      id, type: "image", name: id, ownerId: 1, teamId, contentType: "image/png", byteSize: 10,
      blobKey: keys[0], thumbnailKey: keys[1], thumbnailWidth: 1, thumbnailHeight: 1,
      trashedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
    },
  });
  await db().folderPlacement.create({ data: { itemId: id, kind: "image", teamId, parentId: "uploads" } });
  return { id, keys };
}

const stored = async (keys: string[]) => Promise.all(keys.map((key) => files().exists(key)));

describe("the trash is emptied after its retention, of assets no design shows", () => {
  test("an asset trashed past the retention goes with its files and its place; a recent one, one a design shows and one never trashed stay", async () => {
    const teamId = `Ttrash${randomBytes(3).toString("hex")}`;
    const old = await asset(teamId, 31);
    const recent = await asset(teamId, 29);
    const shown = await asset(teamId, 90);
    const kept = await asset(teamId, null);
    const design = await db().design.create({ data: { id: `Dtrash${randomBytes(4).toString("hex")}`, title: "Uses it", titleKey: "uses it", ownerId: 1, teamId, typeKind: "custom" } });
    const page = await db().designPage.create({ data: { id: `Ptrash${randomBytes(4).toString("hex")}`, designId: design.id, index: 1, width: 100, height: 100 } });
    await db().designElement.create({ data: { id: `Etrash${randomBytes(4).toString("hex")}`, pageId: page.id, kind: "image", assetId: shown.id, x: 0, y: 0, width: 10, height: 10, z: 0 } });

    assert.equal(await emptyTrash({ db: db(), files: files() }, RETENTION), 1);
    assert.equal(await db().asset.findUnique({ where: { id: old.id } }), null);
    assert.deepEqual(await stored(old.keys), [false, false], "its files are deleted from the blob store");
    assert.equal(await db().folderPlacement.findUnique({ where: { itemId: old.id } }), null);
    for (const stays of [recent, shown, kept]) {
      assert.ok(await db().asset.findUnique({ where: { id: stays.id } }), stays.id);
      assert.deepEqual(await stored(stays.keys), [true, true]);
    }
    assert.equal(await emptyTrash({ db: db(), files: files() }, RETENTION), 0, "nothing left to empty; the shown asset stays in the trash");

    await db().designElement.deleteMany({ where: { assetId: shown.id } });
    assert.equal(await emptyTrash({ db: db(), files: files() }, RETENTION), 1, "once no design shows it, it goes");
    assert.deepEqual(await stored(shown.keys), [false, false]);
  });

  test("the blob store away: the sweep fails and deletes nothing, the next one finishes the work", async () => {
    const teamId = `Ttrash${randomBytes(3).toString("hex")}`;
    const old = await asset(teamId, 40);
    const away = { delete: async () => Promise.reject(new StoreUnavailableError("blob-store", "the blob store cannot be used now")) };
    await assert.rejects(emptyTrash({ db: db(), files: away }, RETENTION), StoreUnavailableError);
    assert.ok(await db().asset.findUnique({ where: { id: old.id } }), "the asset is still there to sweep");
    assert.ok(await db().folderPlacement.findUnique({ where: { itemId: old.id } }), "and its place");
    assert.equal(await emptyTrash({ db: db(), files: files() }, RETENTION), 1);
    assert.deepEqual(await stored(old.keys), [false, false]);
    assert.equal(await db().folderPlacement.findUnique({ where: { itemId: old.id } }), null);
  });

  test("more than a round of candidates, most of them shown by a design: every unused one is still reached", async () => {
    const teamId = `Ttrash${randomBytes(3).toString("hex")}`;
    const design = await db().design.create({ data: { id: `Dtrash${randomBytes(4).toString("hex")}`, title: "Many", titleKey: "many", ownerId: 1, teamId, typeKind: "custom" } });
    const page = await db().designPage.create({ data: { id: `Ptrash${randomBytes(4).toString("hex")}`, designId: design.id, index: 1, width: 100, height: 100 } });
    const shownIds: string[] = [];
    for (let i = 0; i < 230; i++) shownIds.push((await asset(teamId, 60)).id);
    await db().designElement.createMany({ data: shownIds.map((assetId, i) => ({ id: `Emany${i}${randomBytes(3).toString("hex")}`, pageId: page.id, kind: "image" as const, assetId, x: 0, y: 0, width: 1, height: 1, z: i })) });
    const unused = await asset(teamId, 45);
    assert.equal(await emptyTrash({ db: db(), files: files() }, RETENTION), 1);
    assert.equal(await db().asset.findUnique({ where: { id: unused.id } }), null);
    assert.equal(await db().asset.count({ where: { id: { in: shownIds } } }), 230);
  });
});
