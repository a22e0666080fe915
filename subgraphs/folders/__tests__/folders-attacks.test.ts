// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { uploadedImage } from "../../../testing/designs.js";
import { approvedIntegration, authorizeQuery, pkce } from "../../../testing/oauth.js";
import { FOLDER_SCOPES, folderToken, madeDesign, madeFolder, startFolderPlatform, type FolderPlatform } from "../../../testing/folders.js";

let f: FolderPlatform;
before(async () => (f = await startFolderPlatform({ FOLDER_ITEMS_MAX: "4" })));
after(() => f?.t.stop());

const patch = (path: string, body: unknown, token: string) => f.t.http.request("PATCH", path, { body, token });
const remove = (path: string, token: string) => f.t.http.request("DELETE", path, { token });
const move = (itemId: unknown, toFolderId: unknown, token = f.owner) => f.t.http.post("/v1/folders/move", { item_id: itemId, to_folder_id: toFolderId }, { token });
const NOT_FOUND = { code: "folder_not_found", message: "Folder not found" };

async function parentOf(folderId: string): Promise<string> {
  const read = await f.t.http.graphql(`query($id: ID!) { folder(id: $id) { parentFolderId } }`, { id: folderId }, f.owner);
  return read.body.data.folder.parentFolderId;
}

describe("folders under attack", () => {
  test("another team's folder answers exactly as an unknown one, for every operation, and nothing changes", async () => {
    const theirs = await madeFolder(f.t.http, f.stranger, "Not yours");
    const mine = await madeDesign(f.t.http, f.owner, "Mine");
    for (const id of [theirs, "Fnothere000"]) {
      const answers = [
        await f.t.http.get(`/v1/folders/${id}`, { token: f.owner }),
        await patch(`/v1/folders/${id}`, { name: "Taken" }, f.owner),
        await remove(`/v1/folders/${id}`, f.owner),
        await f.t.http.get(`/v1/folders/${id}/items`, { token: f.owner }),
        await move(mine, id),
      ];
      for (const answer of answers) assert.deepEqual([answer.status, answer.body], [404, NOT_FOUND], `${id}: ${answer.text}`);
      const create = await f.t.http.post("/v1/folders", { name: "Inside", parent_folder_id: id }, { token: f.owner });
      assert.deepEqual([create.status, create.body], [404, { code: "folder_not_found", message: "Parent folder not found" }]);
    }
    const still = await f.t.http.get(`/v1/folders/${theirs}/items`, { token: f.stranger });
    assert.deepEqual([still.status, still.body.items], [200, []]);
    assert.equal((await f.t.http.get(`/v1/folders/${theirs}`, { token: f.stranger })).body.folder.name, "Not yours");
  });

  test("another team's design, image or folder cannot be moved (the same 404 as an unknown item), nor listed in root", async () => {
    const design = await madeDesign(f.t.http, f.stranger, "Theirs");
    const image = await uploadedImage(f.t.http, f.stranger, 10, 10);
    const folder = await madeFolder(f.t.http, f.stranger, "Theirs too");
    const target = await madeFolder(f.t.http, f.owner, "Bait");
    for (const item of [design, image, folder, "Dunknown123"]) {
      const answer = await move(item, target);
      assert.deepEqual([answer.status, answer.body], [404, { code: "not_found", message: "Item not found" }], item);
    }
    const root = await f.t.http.get("/v1/folders/root/items?limit=100", { token: f.owner });
    const ids = root.body.items.map((item: { design?: { id: string }; image?: { id: string }; folder?: { id: string } }) => (item.design ?? item.image ?? item.folder)!.id);
    for (const id of [design, image, folder]) assert.ok(!ids.includes(id));
    const placed = await f.t.http.graphql(`query($id: ID!) { design(id: $id) { folderId } }`, { id: design }, f.stranger);
    assert.equal(placed.body.data.design.folderId, "root");
  });

  test("without the folder scopes: 403 missing_scope on every operation, nothing made", async () => {
    const designOnly = await folderToken(f.t.http, f.p, f.p.client, "design:meta:read folder:read");
    const noRead = await folderToken(f.t.http, f.p, f.p.client, "design:meta:read folder:write");
    const folder = await madeFolder(f.t.http, f.owner, "Guarded");
    const writes = [
      await f.t.http.post("/v1/folders", { name: "Nope", parent_folder_id: "root" }, { token: designOnly }),
      await patch(`/v1/folders/${folder}`, { name: "Nope" }, designOnly),
      await remove(`/v1/folders/${folder}`, designOnly),
      await move(folder, "uploads", designOnly),
    ];
    const reads = [await f.t.http.get(`/v1/folders/${folder}`, { token: noRead }), await f.t.http.get(`/v1/folders/${folder}/items`, { token: noRead })];
    for (const answer of [...writes, ...reads]) assert.deepEqual([answer.status, answer.body.code], [403, "missing_scope"], answer.text);
    assert.equal(await parentOf(folder), "root");
    const anonymous = await f.t.http.get(`/v1/folders/${folder}`);
    assert.equal(anonymous.status, 401);
  });

  test("the folder scopes are offered: discovery, the consent page (with what each allows) and the OpenAPI security scheme", async () => {
    const discovery = await f.t.http.get("/.well-known/openid-configuration");
    for (const scope of FOLDER_SCOPES.split(" ")) assert.ok(discovery.body.scopes_supported.includes(scope), scope);
    const integration = await approvedIntegration(f.t.http, f.p, FOLDER_SCOPES);
    const consent = await f.t.http.get(`/oauth/authorize?${authorizeQuery(integration, FOLDER_SCOPES, pkce().challenge)}`);
    assert.equal(consent.status, 200, consent.text);
    assert.match(consent.text, /<li>See your folders and what is in them \(<code>folder:read<\/code>\)<\/li>/);
    assert.match(consent.text, /<li>Create, rename and delete your folders[^<]*\(<code>folder:write<\/code>\)<\/li>/);
    const openapi = await f.t.http.get("/openapi/design.json");
    const scheme = Object.values(openapi.body.components.securitySchemes as Record<string, { flows?: { authorizationCode: { scopes: Record<string, string> } } }>).find((entry) => entry.flows);
    assert.equal(scheme?.flows?.authorizationCode.scopes["folder:read"], "See your folders and what is in them");
    assert.deepEqual(openapi.body.paths["/v1/folders/{folderId}"].get.security, [{ oauth2: ["folder:read"] }]);
  });

  test("a folder cannot go into itself or any folder below it; a cycle never forms, even when two moves race", async () => {
    const top = await madeFolder(f.t.http, f.owner, "Top");
    const middle = await madeFolder(f.t.http, f.owner, "Middle", top);
    const bottom = await madeFolder(f.t.http, f.owner, "Bottom", middle);
    for (const into of [top, middle, bottom]) {
      const answer = await move(top, into);
      assert.deepEqual([answer.status, answer.body.code], [400, "invalid_field"], answer.text);
    }
    assert.deepEqual([await parentOf(top), await parentOf(middle), await parentOf(bottom)], ["root", top, middle]);
    const [a, b] = [await madeFolder(f.t.http, f.owner, "A"), await madeFolder(f.t.http, f.owner, "B")];
    const raced = await Promise.all([move(a, b), move(b, a)]);
    assert.deepEqual(raced.map((answer) => answer.status).sort(), [204, 400]);
    const parents = [await parentOf(a), await parentOf(b)];
    assert.ok(parents.includes("root"), `one of them stays at the top: ${parents}`);
  });

  test("bad input: malformed ids, names too long or empty, wrong types, odd parameters, altered continuations: a 4xx, nothing changed", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Stable");
    const badCreates = [
      { name: "x".repeat(256), parent_folder_id: "root" },
      { name: "", parent_folder_id: "root" },
      { name: "   ", parent_folder_id: "root" },
      { name: 42, parent_folder_id: "root" },
      { name: "No parent" },
      { name: "Nested", parent_folder_id: { id: "root" } },
    ];
    for (const body of badCreates) {
      const answer = await f.t.http.post("/v1/folders", body, { token: f.owner });
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${answer.text}`);
      assert.ok(typeof answer.body.code === "string" && typeof answer.body.message === "string");
    }
    assert.equal((await f.t.http.post("/v1/folders", { name: "y".repeat(255), parent_folder_id: folder }, { token: f.owner })).status, 200);
    const longRename = await patch(`/v1/folders/${folder}`, { name: "z".repeat(256) }, f.owner);
    assert.deepEqual([longRename.status, longRename.body.code], [400, "invalid_field"]);
    assert.equal((await f.t.http.get(`/v1/folders/${folder}`, { token: f.owner })).body.folder.name, "Stable");
    for (const id of ["a".repeat(51), "bad%20id", "..%2F..%2Fetc"]) assert.equal((await f.t.http.get(`/v1/folders/${id}`, { token: f.owner })).status, 404, id);
    for (const [item, to] of [["", "root"], ["x".repeat(51), "root"], ["root", folder], [null, "root"], [[folder], "root"]]) {
      const answer = await move(item, to);
      assert.equal(answer.status, 400, `${JSON.stringify(item)}: ${answer.text}`);
    }
    for (const query of ["limit=0", "limit=101", "limit=abc", "sort_by=sideways", "item_types=video", "pin_status=maybe", "continuation=forged", "limit=1&limit=2"]) {
      const answer = await f.t.http.get(`/v1/folders/${folder}/items?${query}`, { token: f.owner });
      assert.equal(answer.status, 400, `${query}: ${answer.text}`);
    }
    const root = await f.t.http.get(`/v1/folders/root/items?limit=1`, { token: f.owner });
    assert.ok(root.body.continuation);
    const elsewhere = await f.t.http.get(`/v1/folders/${folder}/items?continuation=${encodeURIComponent(root.body.continuation)}`, { token: f.owner });
    assert.deepEqual([elsewhere.status, elsewhere.body.code], [400, "invalid_field"], "a continuation of another listing");
    const otherOrder = await f.t.http.get(`/v1/folders/root/items?sort_by=title_ascending&continuation=${encodeURIComponent(root.body.continuation)}`, { token: f.owner });
    assert.equal(otherOrder.status, 400, "a continuation of another order");
    const huge = await f.t.http.post("/v1/folders", { name: "n".repeat(2_000_000), parent_folder_id: "root" }, { token: f.owner });
    assert.ok(huge.status === 400 || huge.status === 413, huge.text.slice(0, 200));
  });

  test("root and uploads are places, not folders: reading, renaming or deleting them is refused; moving them is an invalid item", async () => {
    for (const place of ["root", "uploads"]) {
      for (const answer of [await f.t.http.get(`/v1/folders/${place}`, { token: f.owner }), await patch(`/v1/folders/${place}`, { name: "Mine" }, f.owner), await remove(`/v1/folders/${place}`, f.owner)]) {
        assert.deepEqual([answer.status, answer.body.code], [403, "permission_denied"], answer.text);
      }
      assert.equal((await move(place, "root")).status, 400);
    }
  });

  test("a full folder takes nothing more, even from many requests at once (FOLDER_ITEMS_MAX=4)", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Small");
    const designs = await Promise.all(Array.from({ length: 4 }, (_, index) => madeDesign(f.t.http, f.owner, `Crowd ${index}`)));
    const answers = await Promise.all([
      ...designs.map((design) => move(design, folder)),
      ...Array.from({ length: 4 }, (_, index) => f.t.http.post("/v1/folders", { name: `Sub ${index}`, parent_folder_id: folder }, { token: f.member })),
    ]);
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((status) => status === 200 || status === 204).length, 4, statuses.join(","));
    for (const refused of answers.filter((answer) => answer.status >= 400)) {
      assert.deepEqual([refused.status, refused.body], [400, { code: "quota_exceeded", message: "Target folder has reached size limit" }]);
    }
    const listed = await f.t.http.get(`/v1/folders/${folder}/items`, { token: f.owner });
    assert.equal(listed.body.items.length, 4);
  });

  test("the documented rate limit: createFolder 20 a minute per integration and user, then 429 too_many_requests", async () => {
    const token = await folderToken(f.t.http, f.p, f.p.client);
    const answers = [];
    for (let index = 0; index < 21; index++) answers.push(await f.t.http.post("/v1/folders", { name: `Burst ${index}`, parent_folder_id: "uploads" }, { token }));
    assert.deepEqual(answers.slice(0, 20).map((answer) => answer.status), Array(20).fill(200));
    assert.deepEqual([answers[20].status, answers[20].body.code], [429, "too_many_requests"]);
    assert.ok(Number(answers[20].headers.get("retry-after")) > 0);
  });
});
