// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { FoldersContext } from "../context.js";
import { deleteFolder, splitSubtree } from "../domain/deletion.js";
import { createFolder } from "../domain/folders.js";
import { listItems } from "../domain/listing.js";
import { moveItem } from "../domain/moves.js";

let folders: DomainUnderTest<FoldersContext>;
before(async () => (folders = await domainUnderTest<FoldersContext>("folders", { FOLDER_ITEMS_MAX: "3" })));
after(() => folders?.stop());

let teams = 0;
/** Two members of a fresh team, as the folder rules see callers. */
function team(): [DesignPrincipal, DesignPrincipal] {
  const teamId = `Tunit${++teams}`;
  const member = (userId: number): DesignPrincipal => ({ kind: "design", userId, subject: `U${userId}`, clientId: "OCunit", scopes: [], jti: "j", familyId: "f", teamId });
  return [member(teams * 10 + 1), member(teams * 10 + 2)];
}

const ctx = () => folders.as({ id: 1 });
const make = (caller: DesignPrincipal, name: string, parentFolderId = "root") => createFolder(ctx(), caller, { name, parentFolderId });

async function image(owner: DesignPrincipal, id: string): Promise<string> {
  await folders.db.asset.create({ data: { id, type: "image", name: id, ownerId: owner.userId, teamId: owner.teamId, blobKey: `k/${id}`, contentType: "image/png", byteSize: 1 } });
  return id;
}

async function design(owner: DesignPrincipal, id: string): Promise<string> {
  await folders.db.design.create({ data: { id, title: id, titleKey: id.toLowerCase(), ownerId: owner.userId, teamId: owner.teamId, typeKind: "custom" } });
  return id;
}

const codeOf = (error: unknown) => (error as { extensions?: { code?: string; reason?: string; entity?: string } }).extensions;

describe("folder rules, called as the resolvers call them (no HTTP)", () => {
  test("which folders deleting one removes: the caller's below it; another member's are kept whole", () => {
    const tree = [
      { id: "F0", parentId: "root", ownerId: 2 },
      { id: "F1", parentId: "F0", ownerId: 1 },
      { id: "F2", parentId: "F1", ownerId: 1 },
      { id: "F3", parentId: "F1", ownerId: 2 },
      { id: "F4", parentId: "F3", ownerId: 1 },
    ];
    assert.deepEqual(splitSubtree("F0", tree, 1), { deleted: ["F0", "F1", "F2"], keptElsewhere: ["F3"] });
  });

  test("deleting: the caller's images are trashed, the rest goes to root, a kept folder keeps its content", async () => {
    const [me, them] = team();
    const doomed = await make(me, "Doomed");
    const mine = await make(me, "Mine", doomed.id);
    const theirs = await make(them, "Theirs", doomed.id);
    const [ownImage, theirImage, ownDesign, keptDesign] = [await image(me, "Aunit-own"), await image(them, "Aunit-theirs"), await design(me, "Dunit-own"), await design(them, "Dunit-kept")];
    await moveItem(ctx(), me, ownImage, mine.id);
    await moveItem(ctx(), me, theirImage, doomed.id);
    await moveItem(ctx(), me, ownDesign, mine.id);
    await moveItem(ctx(), them, keptDesign, theirs.id);

    assert.equal(await deleteFolder(ctx(), me, doomed.id), true);
    assert.deepEqual(await folders.db.folder.findMany({ where: { id: { in: [doomed.id, mine.id] } } }), []);
    assert.equal((await folders.db.folder.findUniqueOrThrow({ where: { id: theirs.id } })).parentId, "root");
    assert.ok((await folders.db.asset.findUniqueOrThrow({ where: { id: ownImage } })).trashedAt);
    assert.equal((await folders.db.asset.findUniqueOrThrow({ where: { id: theirImage } })).trashedAt, null);
    const placements = await folders.db.folderPlacement.findMany({ where: { teamId: me.teamId }, select: { itemId: true, parentId: true } });
    assert.deepEqual(placements, [{ itemId: keptDesign, parentId: theirs.id }]);
    const root = await listItems(ctx(), me, "root", { sortBy: "title_ascending" });
    const ids = root.items.map((item) => (item.type === "folder" ? item.folder.id : item.type === "design" ? item.design.id : item.image.id));
    assert.deepEqual(ids, [theirImage, ownDesign, theirs.id], "the trashed image is listed nowhere");
  });

  test("a folder never goes below itself; the refusal changes nothing", async () => {
    const [me] = team();
    const top = await make(me, "Top");
    const below = await make(me, "Below", top.id);
    await assert.rejects(moveItem(ctx(), me, top.id, below.id), (error) => codeOf(error)?.code === "BAD_USER_INPUT");
    await assert.rejects(moveItem(ctx(), me, top.id, top.id), (error) => codeOf(error)?.code === "BAD_USER_INPUT");
    assert.equal((await folders.db.folder.findUniqueOrThrow({ where: { id: top.id } })).parentId, "root");
  });

  test("a folder holds FOLDER_ITEMS_MAX items, whatever the mix and however many ask at once; top levels have no limit", async () => {
    const [me, them] = team();
    const small = await make(me, "Small");
    const designs = await Promise.all(["Dunit-c1", "Dunit-c2", "Dunit-c3"].map((id) => design(me, id)));
    const outcomes = await Promise.allSettled([...designs.map((id) => moveItem(ctx(), me, id, small.id)), make(them, "Sub 1", small.id), make(them, "Sub 2", small.id)]);
    assert.equal(outcomes.filter((outcome) => outcome.status === "fulfilled").length, 3);
    for (const refused of outcomes.filter((outcome) => outcome.status === "rejected")) assert.equal(codeOf(refused.reason)?.reason, "FOLDER_FULL");
    for (let index = 0; index < 5; index++) await make(me, `Top ${index}`, "uploads");
    assert.equal((await listItems(ctx(), me, "uploads", { itemTypes: ["folder"] })).items.length, 5);
  });

  test("designs deleted and images trashed elsewhere stop taking room in a full folder", async () => {
    const [me] = team();
    const full = await make(me, "Full");
    const [gone, trashed, stays] = [await design(me, "Dunit-gone"), await image(me, "Aunit-trashed"), await design(me, "Dunit-stays")];
    for (const id of [gone, trashed, stays]) await moveItem(ctx(), me, id, full.id);
    const next = await design(me, "Dunit-next");
    await assert.rejects(moveItem(ctx(), me, next, full.id), (error) => codeOf(error)?.reason === "FOLDER_FULL");
    await folders.db.design.delete({ where: { id: gone } });
    await folders.db.asset.update({ where: { id: trashed }, data: { trashedAt: new Date() } });
    assert.equal(await moveItem(ctx(), me, next, full.id), true);
    const listed = await listItems(ctx(), me, full.id, { sortBy: "title_ascending" });
    assert.deepEqual(listed.items.map((item) => (item.type === "design" ? item.design.id : item.type)), [next, stays]);
  });

  test("another team's folder, design or image is not found, as an unknown one", async () => {
    const [me] = team();
    const [stranger] = team();
    const theirs = await make(stranger, "Theirs");
    const theirDesign = await design(stranger, "Dunit-stranger");
    await assert.rejects(moveItem(ctx(), me, theirDesign, "uploads"), (error) => codeOf(error)?.entity === "item");
    await assert.rejects(moveItem(ctx(), me, theirs.id, "uploads"), (error) => codeOf(error)?.entity === "item");
    await assert.rejects(make(me, "Inside", theirs.id), (error) => codeOf(error)?.entity === "parent");
    await assert.rejects(listItems(ctx(), me, theirs.id, {}), (error) => codeOf(error)?.entity === "folder");
    assert.equal((await folders.db.folder.findUniqueOrThrow({ where: { id: theirs.id } })).parentId, "root");
  });
});
