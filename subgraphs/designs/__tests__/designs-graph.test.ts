// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { designScopedToken, startDesignPlatform } from "../../../testing/designs.js";

let t: TestPlatform;
let p: People;
let token: string;
let outsider: string;

before(async () => ({ t, p, token, outsider } = await startDesignPlatform()));
after(() => t.stop());

const CREATE = `mutation($input: CreateDesignInput!) { createDesign(input: $input) { id title pageCount designType { type name } } }`;

describe("designs over GraphQL", () => {
  test("a design created over REST is the same object in the graph, with pages, elements, owner and team across subgraphs", async () => {
    const rest = (await t.http.post("/v1/designs", { design_type: { type: "preset", name: "whiteboard" }, title: "Board" }, { token })).body.design;
    const db = t.platform.runtime.db.prisma;
    const page = await db.designPage.findFirstOrThrow({ where: { designId: rest.id } });
    await db.designElement.createMany({
      data: [
        { id: "Eshape", pageId: page.id, kind: "shape", x: 0, y: 0, width: 100, height: 50, z: 1, shape: "ellipse", fill: "#ff0000" },
        { id: "Etext", pageId: page.id, kind: "text", x: 10, y: 10, width: 200, height: 40, z: 2, text: "Hello", fontSize: 24, color: "#112233" },
        { id: "Eimage", pageId: page.id, kind: "image", x: 5, y: 5, width: 64, height: 64, z: 0, assetId: "Asome" },
      ],
    });
    const read = await t.http.graphql(
      `query($id: ID!) { design(id: $id) { id title pageCount designType { type name }
        owner { userId user { id designUserId } team { id plan capabilities } }
        pages { index width height elements { __typename kind z ... on TextElement { text fontSize color }
          ... on ShapeElement { shape fill } ... on ImageElement { asset { id } } } } } }`,
      { id: rest.id },
      token,
    );
    assert.equal(read.body.errors, undefined, JSON.stringify(read.body.errors));
    const design = read.body.data.design;
    assert.deepEqual([design.id, design.title, design.pageCount, design.designType], [rest.id, "Board", 1, { type: "preset", name: "whiteboard" }]);
    assert.equal(design.owner.userId, rest.owner.user_id);
    assert.deepEqual(design.owner.user, { id: p.client.userId, designUserId: rest.owner.user_id });
    assert.deepEqual([design.owner.team.id, design.owner.team.plan], [rest.owner.team_id, "free"]);
    assert.deepEqual(design.pages, [
      {
        index: 1,
        width: 1920,
        height: 1080,
        elements: [
          { __typename: "ImageElement", kind: "image", z: 0, asset: { id: "Asome" } },
          { __typename: "ShapeElement", kind: "shape", z: 1, shape: "ellipse", fill: "#ff0000" },
          { __typename: "TextElement", kind: "text", z: 2, text: "Hello", fontSize: 24, color: "#112233" },
        ],
      },
    ]);
  });

  test("createDesign and designs(): the same rules as REST; another team's design is NOT_FOUND", async () => {
    const created = await t.http.graphql(CREATE, { input: { designType: { type: "custom", width: 500, height: 400 }, title: "Graph" } }, token);
    assert.equal(created.body.errors, undefined, JSON.stringify(created.body.errors));
    const id = created.body.data.createDesign.id;
    assert.deepEqual(created.body.data.createDesign.designType, { type: "custom", name: null });
    const bad = await t.http.graphql(CREATE, { input: { designType: { type: "custom", width: 9000, height: 400 } } }, token);
    assert.deepEqual([bad.body.errors![0].extensions.code, bad.body.errors![0].extensions.field], ["BAD_USER_INPUT", "design_type.width"]);
    const listed = await t.http.graphql(`{ designs(ownership: owned, sortBy: title_ascending, limit: 10) { items { id title } continuation } }`, {}, token);
    assert.ok(listed.body.data.designs.items.some((design: any) => design.id === id));
    const foreign = await t.http.graphql(`query($id: ID!) { design(id: $id) { id } }`, { id }, outsider);
    assert.equal(foreign.body.errors![0].extensions.code, "NOT_FOUND");
    const pages = await t.http.graphql(`query($id: ID!) { designPages(designId: $id, offset: 1, limit: 1) { index width height } }`, { id }, token);
    assert.deepEqual(pages.body.data.designPages, [{ index: 1, width: 500, height: 400 }]);
  });

  test("past the documented limit: 429 too_many_requests with Retry-After (create 20 a minute)", async () => {
    const limited = await designScopedToken(t.http, p, p.client);
    const body = { design_type: { type: "preset", name: "doc" } };
    const statuses: number[] = [];
    let refused: any;
    for (let i = 0; i < 21; i++) {
      const response = await t.http.post("/v1/designs", body, { token: limited });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    assert.deepEqual(statuses, [...Array(20).fill(200), 429]);
    assert.deepEqual(refused.body, { code: "too_many_requests", message: "Too many requests to createDesign" });
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.equal((await t.http.get("/v1/designs?limit=1", { token: limited })).status, 200, "listing has its own budget");
  });
});
