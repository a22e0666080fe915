// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { uploadedImage } from "../../../testing/designs.js";
import { madeDesign, madeFolder, moved, startFolderPlatform, type FolderPlatform } from "../../../testing/folders.js";
import { statementsFor } from "../../../testing/statements.js";

let f: FolderPlatform;
before(async () => (f = await startFolderPlatform()));
after(() => f?.t.stop());

type Item = { type: string; folder?: { id: string; name: string }; design?: { id: string; title: string }; image?: { id: string; name: string } };
const idOf = (item: Item) => (item.folder ?? item.design ?? item.image)!.id;
const titleOf = (item: Item) => item.folder?.name ?? item.design?.title ?? item.image?.name;

async function items(folderId: string, query = "", token = f.owner): Promise<{ items: Item[]; continuation?: string }> {
  const listed = await f.t.http.get(`/v1/folders/${folderId}/items${query}`, { token });
  assert.equal(listed.status, 200, listed.text);
  return listed.body;
}

/** Every item of a listing, page after page. */
async function allPages(folderId: string, query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let continuation: string | undefined;
  do {
    const page = await items(folderId, `${query}${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ""}`);
    ids.push(...page.items.map(idOf));
    continuation = page.continuation;
    pages++;
  } while (continuation);
  return { ids, pages };
}

describe("folders over REST", () => {
  test("root holds the team's folders and every design and image never moved; moving one out takes it out of root", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Root shows me");
    const design = await madeDesign(f.t.http, f.member, "A teammate's design");
    const image = await uploadedImage(f.t.http, f.owner, 16, 16);
    const before = (await items("root", "?limit=100")).items.map(idOf);
    for (const id of [folder, design, image]) assert.ok(before.includes(id), `${id} in root`);
    await moved(f.t.http, f.member, design, folder);
    await moved(f.t.http, f.owner, image, "uploads");
    const after = (await items("root", "?limit=100")).items.map(idOf);
    assert.ok(!after.includes(design) && !after.includes(image));
    assert.deepEqual((await items(folder)).items.map(idOf), [design]);
    assert.ok((await items("uploads")).items.map(idOf).includes(image));
    await moved(f.t.http, f.owner, design, "root");
    assert.ok((await items("root", "?limit=100")).items.map(idOf).includes(design));
    assert.deepEqual((await items(folder)).items, []);
  });

  test("item_types filters; sort_by orders by title, creation and modification, both ways; pages follow with continuation", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Sorted");
    const made: string[] = [];
    for (const [index, title] of ["delta", "Alpha", "charlie", "Bravo", "echo"].entries()) {
      made.push(index % 2 ? await madeFolder(f.t.http, f.owner, title, folder) : await madeDesign(f.t.http, f.owner, title));
      if (index % 2 === 0) await moved(f.t.http, f.owner, made[index], folder);
    }
    const titles = async (query: string) => (await items(folder, query)).items.map(titleOf);
    assert.deepEqual(await titles("?sort_by=title_ascending"), ["Alpha", "Bravo", "charlie", "delta", "echo"]);
    assert.deepEqual(await titles("?sort_by=title_descending"), ["echo", "delta", "charlie", "Bravo", "Alpha"]);
    assert.deepEqual(await titles("?sort_by=title_ascending&item_types=folder"), ["Alpha", "Bravo"]);
    assert.deepEqual(await titles("?sort_by=title_ascending&item_types=design,image"), ["charlie", "delta", "echo"]);
    assert.deepEqual(await titles("?item_types=brand_template"), []);
    assert.deepEqual(await titles("?sort_by=created_ascending"), ["delta", "Alpha", "charlie", "Bravo", "echo"]);
    assert.deepEqual(await titles("?sort_by=created_descending"), ["echo", "Bravo", "charlie", "Alpha", "delta"]);
    await f.t.http.request("PATCH", `/v1/folders/${made[1]}`, { body: { name: "Alpha again" }, token: f.owner });
    assert.equal((await titles("?sort_by=modified_descending"))[0], "Alpha again");
    assert.equal((await titles(""))[0], "Alpha again", "modified_descending is the default");
    assert.equal((await titles("?sort_by=modified_ascending")).at(-1), "Alpha again");
    const paged = await allPages(folder, "?sort_by=title_ascending&limit=2");
    assert.deepEqual([paged.ids, paged.pages], [(await items(folder, "?sort_by=title_ascending")).items.map(idOf), 3]);
    assert.deepEqual(await titles("?pin_status=pinned"), [], "nothing is pinned");
  });

  test("a continuation keeps its place when items are added or moved away meanwhile (no item twice, none skipped that stayed)", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Busy");
    const names = ["a1", "a2", "a3", "a4"];
    const ids = [];
    for (const name of names) ids.push(await madeFolder(f.t.http, f.owner, name, folder));
    const first = await items(folder, "?sort_by=title_ascending&limit=2");
    assert.deepEqual(first.items.map(titleOf), ["a1", "a2"]);
    await moved(f.t.http, f.owner, ids[0], "root");
    await madeFolder(f.t.http, f.owner, "a0", folder);
    const second = await items(folder, `?sort_by=title_ascending&limit=2&continuation=${encodeURIComponent(first.continuation!)}`);
    assert.deepEqual([second.items.map(titleOf), second.continuation], [["a3", "a4"], undefined]);
  });

  test("deleting a folder: the caller's images go to the trash, designs and a teammate's images and folders to root", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "To delete");
    const ownSub = await madeFolder(f.t.http, f.owner, "Mine inside", folder);
    const theirSub = await madeFolder(f.t.http, f.member, "Theirs inside", folder);
    const design = await madeDesign(f.t.http, f.owner, "Survives");
    const ownImage = await uploadedImage(f.t.http, f.owner, 12, 12);
    const theirImage = await uploadedImage(f.t.http, f.member, 12, 12);
    const deepImage = await uploadedImage(f.t.http, f.owner, 12, 12);
    for (const [item, to] of [[design, folder], [ownImage, folder], [theirImage, folder], [deepImage, ownSub]]) await moved(f.t.http, f.owner, item, to);
    const kept = await madeDesign(f.t.http, f.member, "Kept with its folder");
    await moved(f.t.http, f.member, kept, theirSub);

    const deleted = await f.t.http.request("DELETE", `/v1/folders/${folder}`, { token: f.owner });
    assert.equal(deleted.status, 204, deleted.text);
    for (const gone of [folder, ownSub]) assert.equal((await f.t.http.get(`/v1/folders/${gone}`, { token: f.owner })).status, 404);
    for (const trashed of [ownImage, deepImage]) assert.equal((await f.t.http.get(`/v1/assets/${trashed}`, { token: f.owner })).status, 404, "in the trash");
    assert.equal((await f.t.http.get(`/v1/assets/${theirImage}`, { token: f.member })).status, 200);
    const root = (await items("root", "?limit=100")).items.map(idOf);
    for (const id of [design, theirImage, theirSub]) assert.ok(root.includes(id), `${id} went to root`);
    assert.deepEqual((await items(theirSub)).items.map(idOf), [kept]);
  });

  test("a teammate sees, renames and fills the team's folders", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Shared");
    const renamed = await f.t.http.request("PATCH", `/v1/folders/${folder}`, { body: { name: "  Shared by two  " }, token: f.member });
    assert.deepEqual([renamed.status, renamed.body.folder.name], [200, "Shared by two"]);
    const read = await f.t.http.get(`/v1/folders/${folder}`, { token: f.owner });
    assert.equal(read.body.folder.name, "Shared by two");
  });

  test("a page of items costs as many statements whatever its length (no query per design, image or folder)", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Counted");
    const list = `{ folderItems(folderId: "${folder}", limit: 100) { items {
      ... on FolderItemFolder { folder { id name } }
      ... on FolderItemDesign { design { id pageCount urls { editUrl } thumbnail { url } } }
      ... on FolderItemImage { image { id thumbnail { url } } } } } }`;
    const fill = async (count: number) => {
      for (let index = 0; index < count; index++) {
        await moved(f.t.http, f.owner, await madeDesign(f.t.http, f.owner, `Counted ${index}`), folder);
        await moved(f.t.http, f.owner, await uploadedImage(f.t.http, f.owner, 8, 8), folder);
        await madeFolder(f.t.http, f.owner, `Counted ${index}`, folder);
      }
    };
    // The fewest of a few readings: the platform's own background work (job polling) only ever adds to one.
    const measured = async () => {
      await statementsFor(f.t, list, f.owner); // the first listing draws thumbnails not drawn yet
      const readings = [];
      for (let reading = 0; reading < 3; reading++) readings.push(await statementsFor(f.t, list, f.owner));
      return { statements: Math.min(...readings.map((one) => one.statements)), items: readings[0].data.folderItems.items.length };
    };
    await fill(1);
    const few = await measured();
    await fill(3);
    const more = await measured();
    assert.deepEqual([few.items, more.items], [3, 12]);
    assert.equal(more.statements, few.statements, `${few.items} items: ${few.statements} statements; ${more.items}: ${more.statements}`);
  });
});
