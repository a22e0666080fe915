// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { designAndAssetToken, startDesignPlatform, uploadedImage } from "../../../testing/designs.js";

let t: TestPlatform;
let p: People;
let token: string;
let outsider: string;
before(async () => {
  ({ t, p } = await startDesignPlatform({ JOB_WORKERS: "1" }));
  token = await designAndAssetToken(t.http, p, p.client);
  outsider = await designAndAssetToken(t.http, p, p.staff);
});
after(() => t.stop());

async function created(body: unknown): Promise<string> {
  const response = await t.http.post("/v1/designs", body, { token });
  assert.equal(response.status, 200, response.text);
  return response.body.design.id;
}

const ASSET_DESIGNS = `query($id: ID!) { asset(id: $id) { id designs { id title pageCount } } }`;

describe("Asset.designs: from an asset to the team's designs that show it", () => {
  test("the designs showing the asset, most recently updated first; not the others; one query across subgraphs", async () => {
    const assetId = await uploadedImage(t.http, token, 120, 80, { r: 10, g: 200, b: 30 });
    const first = await created({ asset_id: assetId, title: "First" });
    const second = await created({ asset_id: assetId, design_type: { type: "preset", name: "presentation" }, title: "Second" });
    await created({ design_type: { type: "preset", name: "doc" }, title: "Without it" });
    const response = await t.http.graphql(ASSET_DESIGNS, { id: assetId }, token);
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(response.body.data.asset, {
      id: assetId,
      designs: [
        { id: second, title: "Second", pageCount: 1 },
        { id: first, title: "First", pageCount: 1 },
      ],
    });
  });

  test("another team reaches neither the asset nor its designs", async () => {
    const assetId = await uploadedImage(t.http, token, 40, 40, { r: 0, g: 0, b: 255 });
    await created({ asset_id: assetId, title: "Ours" });
    const response = await t.http.graphql(ASSET_DESIGNS, { id: assetId }, outsider);
    assert.equal(response.body.data?.asset ?? null, null);
    assert.equal(response.body.errors?.[0].extensions.code, "NOT_FOUND");
  });
});
