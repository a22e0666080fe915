// @tier contract
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { uploadedImage } from "../../../testing/designs.js";
import { madeDesign, madeFolder, moved, startFolderPlatform, type FolderPlatform } from "../../../testing/folders.js";

/**
 * The folder operations' answers, over REST and GraphQL, validated against the design platform's
 * current public specification as a generated client validates them.
 */
const SPEC = parse(readFileSync(new URL("../../../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8"));
// The item union's `oneOf` is checked as is: each member fixes its `type`, so exactly one matches
// (Ajv's discriminator keyword does not take the specification's `mapping`).
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
ajv.addSchema(SPEC, "spec");

/** The schema of an operation's answer with `status` in the current specification. */
function answerOf(method: string, path: string, status = "200"): ValidateFunction {
  const operation = SPEC.paths[path]?.[method];
  assert.ok(operation, `${method.toUpperCase()} ${path} is in the current specification`);
  const response = operation.responses[status] ?? operation.responses.default;
  return ajv.compile({ $ref: `spec${(response.content["application/json"].schema as { $ref: string }).$ref}` });
}

function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  assert.ok(validate(body), `${what}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`);
}

let f: FolderPlatform;
before(async () => (f = await startFolderPlatform()));
after(() => f?.t.stop());

const patch = (path: string, body: unknown, token: string) => f.t.http.request("PATCH", path, { body, token });
const remove = (path: string, token: string) => f.t.http.request("DELETE", path, { token });

describe("folder answers validate against the current specification", () => {
  test("createFolder (in root, in uploads, in a folder), getFolder and updateFolder", async () => {
    for (const parent of ["root", "uploads"]) {
      const created = await f.t.http.post("/v1/folders", { name: `Top ${parent}`, parent_folder_id: parent }, { token: f.owner });
      assert.equal(created.status, 200, created.text);
      assertValid(answerOf("post", "/v1/folders"), created.body, `POST /v1/folders in ${parent}`);
    }
    const parent = await madeFolder(f.t.http, f.owner, "Parent");
    const child = await f.t.http.post("/v1/folders", { name: "Child", parent_folder_id: parent }, { token: f.owner });
    assertValid(answerOf("post", "/v1/folders"), child.body, "POST /v1/folders in a folder");
    const read = await f.t.http.get(`/v1/folders/${child.body.folder.id}`, { token: f.owner });
    assert.equal(read.status, 200, read.text);
    assertValid(answerOf("get", "/v1/folders/{folderId}"), read.body, "GET /v1/folders/{folderId}");
    assert.deepEqual(read.body, child.body);
    const renamed = await patch(`/v1/folders/${child.body.folder.id}`, { name: "Renamed" }, f.owner);
    assert.equal(renamed.status, 200, renamed.text);
    assertValid(answerOf("patch", "/v1/folders/{folderId}"), renamed.body, "PATCH /v1/folders/{folderId}");
    assert.equal(renamed.body.folder.name, "Renamed");
  });

  test("listFolderItems: folder, design and image items, each with its type and full summary", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Holds all kinds");
    await madeFolder(f.t.http, f.owner, "Inner", folder);
    const design = await madeDesign(f.t.http, f.owner, "Poster");
    const image = await uploadedImage(f.t.http, f.owner, 40, 30);
    await moved(f.t.http, f.owner, design, folder);
    await moved(f.t.http, f.owner, image, folder);
    const listed = await f.t.http.get(`/v1/folders/${folder}/items`, { token: f.owner });
    assert.equal(listed.status, 200, listed.text);
    assertValid(answerOf("get", "/v1/folders/{folderId}/items"), listed.body, "GET /v1/folders/{folderId}/items");
    assert.deepEqual(listed.body.items.map((item: { type: string }) => item.type).sort(), ["design", "folder", "image"]);
    const designItem = listed.body.items.find((item: { type: string }) => item.type === "design");
    assert.equal(designItem.design.id, design);
    assert.ok(designItem.design.thumbnail?.url && designItem.design.urls.edit_url && designItem.design.page_count === 1);
    const imageItem = listed.body.items.find((item: { type: string }) => item.type === "image");
    assert.deepEqual([imageItem.image.id, imageItem.image.type, imageItem.image.name], [image, "image", "picture.png"]);
    assert.ok(imageItem.image.thumbnail.url);
  });

  test("moveFolderItem and deleteFolder answer 204 with no body; errors are the platform's { code, message }", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Short-lived");
    const design = await madeDesign(f.t.http, f.owner, "Moved");
    const move = await f.t.http.post("/v1/folders/move", { item_id: design, to_folder_id: folder }, { token: f.owner });
    assert.deepEqual([move.status, move.text], [204, ""]);
    const deleted = await remove(`/v1/folders/${folder}`, f.owner);
    assert.deepEqual([deleted.status, deleted.text], [204, ""]);
    const gone = await f.t.http.get(`/v1/folders/${folder}`, { token: f.owner });
    assert.equal(gone.status, 404);
    assertValid(answerOf("get", "/v1/folders/{folderId}", "404"), gone.body, "404 of getFolder");
    assert.deepEqual(gone.body, { code: "folder_not_found", message: "Folder not found" });
    const badItem = await f.t.http.post("/v1/folders/move", { item_id: "not an id!", to_folder_id: "root" }, { token: f.owner });
    assert.equal(badItem.status, 400);
    assertValid(answerOf("post", "/v1/folders/move", "400"), badItem.body, "400 of moveFolderItem");
    assert.deepEqual(badItem.body, { code: "invalid_field", message: "The item id `not an id!` is invalid" });
  });

  test("the same operations over GraphQL, with Design.folder and Asset.folder", async () => {
    const created = await f.t.http.graphql(`mutation { createFolder(name: "Graph", parentFolderId: "root") { id name parentFolderId } }`, {}, f.owner);
    assert.equal(created.body.errors, undefined, JSON.stringify(created.body.errors));
    const folder = created.body.data.createFolder;
    assert.deepEqual([folder.name, folder.parentFolderId], ["Graph", "root"]);
    const design = await madeDesign(f.t.http, f.owner, "In graph");
    const image = await uploadedImage(f.t.http, f.owner, 20, 20);
    const move = `mutation($item: ID!, $to: ID!) { moveFolderItem(itemId: $item, toFolderId: $to) }`;
    for (const item of [design, image]) assert.deepEqual((await f.t.http.graphql(move, { item, to: folder.id }, f.owner)).body, { data: { moveFolderItem: true } });
    const placed = await f.t.http.graphql(
      `query($design: ID!, $asset: ID!, $folder: ID!) {
        design(id: $design) { folderId folder { id name } }
        asset(id: $asset) { folderId folder { id } }
        folder(id: $folder) { items(sortBy: title_ascending) { items { __typename ... on FolderItemDesign { type design { id title } } ... on FolderItemImage { type image { id } } } continuation } }
      }`,
      { design, asset: image, folder: folder.id },
      f.owner,
    );
    assert.equal(placed.body.errors, undefined, JSON.stringify(placed.body.errors));
    assert.deepEqual(placed.body.data.design, { folderId: folder.id, folder: { id: folder.id, name: "Graph" } });
    assert.deepEqual(placed.body.data.asset, { folderId: folder.id, folder: { id: folder.id } });
    assert.deepEqual(placed.body.data.folder.items, {
      items: [
        { __typename: "FolderItemDesign", type: "design", design: { id: design, title: "In graph" } },
        { __typename: "FolderItemImage", type: "image", image: { id: image } },
      ],
      continuation: null,
    });
    const unplaced = await madeDesign(f.t.http, f.owner, "Never moved");
    const top = await f.t.http.graphql(`query($id: ID!) { design(id: $id) { folderId folder { id } } }`, { id: unplaced }, f.owner);
    assert.deepEqual(top.body.data.design, { folderId: "root", folder: null });
  });

  test("an answer missing what the specification requires fails the check (the check can fail)", async () => {
    const folder = await madeFolder(f.t.http, f.owner, "Checked");
    const read = await f.t.http.get(`/v1/folders/${folder}`, { token: f.owner });
    const { updated_at: _dropped, ...older } = read.body.folder;
    assert.equal(answerOf("get", "/v1/folders/{folderId}")({ folder: older }), false);
    assert.equal(answerOf("get", "/v1/folders/{folderId}/items")({ items: [{ type: "design", design: { id: "D1" } }] }), false);
  });
});
