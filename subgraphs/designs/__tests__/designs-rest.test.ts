// @tier contract
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { designScopedToken, startDesignPlatform } from "../../../testing/designs.js";

let t: TestPlatform;
let p: People;
let token: string;
let teammate: string;
let outsider: string;
let metaOnly: string;

before(async () => ({ t, p, token, teammate, outsider, metaOnly } = await startDesignPlatform()));
after(() => t.stop());
// Creating is limited to 20 a minute per integration and user: each test starts with a budget of its own.
beforeEach(async () => {
  if (t) token = await designScopedToken(t.http, p, p.client);
});

const create = (body: unknown, who = token, path = "/v1/designs") => t.http.post(path, body, { token: who });

async function created(body: unknown, who = token): Promise<any> {
  const response = await create(body, who);
  assert.equal(response.status, 200, response.text);
  return response.body.design;
}

describe("POST /v1/designs", () => {
  test("a preset design answers { design } in the documented shape, with one page of the preset's size", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await create({ design_type: { type: "preset", name: "presentation" }, title: "Quarterly review" });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), ["design"]);
    const design = response.body.design;
    assert.match(design.id, /^[a-zA-Z0-9_-]{1,50}$/);
    assert.equal(design.title, "Quarterly review");
    assert.deepEqual(design.owner, { user_id: `U${p.client.userId}`, team_id: design.owner.team_id });
    assert.match(design.urls.edit_url, new RegExp(`/designs/${design.id}/edit\\?token=`));
    assert.match(design.urls.view_url, new RegExp(`/designs/${design.id}/view\\?token=`));
    assert.ok(Number.isInteger(design.created_at) && design.created_at >= before - 1 && design.updated_at >= design.created_at);
    assert.equal(design.page_count, 1);
    assert.deepEqual(design.design_types, ["presentation"], "what it contains, as today's API names it");
    assert.deepEqual([design.thumbnail.width, design.thumbnail.height], [400, 225], "the first page, rendered into 400 px");
    const pages = await t.http.get(`/v1/designs/${design.id}/pages`, { token });
    const [page] = pages.body.items;
    assert.deepEqual(pages.body, { items: [{ index: 1, page_number: 1, id: page.id, design_type: "presentation", dimensions: { width: 1920, height: 1080 }, thumbnail: page.thumbnail }] });
    assert.deepEqual([page.thumbnail.width, page.thumbnail.height], [400, 225]);
  });

  test("every preset has its documented size; custom sizes 40..8000 are kept; also under /rest/v1", async () => {
    const sizes = { doc: [816, 1056], email: [600, 1200], presentation: [1920, 1080], whiteboard: [1920, 1080] };
    for (const [name, size] of Object.entries(sizes)) {
      const design = await created({ design_type: { type: "preset", name } });
      assert.equal(design.title, "Untitled design");
      const page = (await t.http.get(`/rest/v1/designs/${design.id}/pages`, { token })).body.items[0];
      assert.deepEqual([page.dimensions.width, page.dimensions.height], size, name);
      assert.deepEqual([design.design_types, page.design_type], [[name], name]);
    }
    for (const [width, height] of [[40, 8000], [8000, 40], [1234, 567]]) {
      const response = await create({ design_type: { type: "custom", width, height }, title: "Custom" }, token, "/rest/v1/designs");
      assert.equal(response.status, 200, response.text);
      const page = (await t.http.get(`/v1/designs/${response.body.design.id}/pages`, { token })).body.items[0];
      assert.deepEqual(page.dimensions, { width, height });
      assert.deepEqual([response.body.design.design_types, page.design_type], [["custom"], "custom"]);
    }
  });

  test("invalid bodies are 400 { code, message } and create nothing", async () => {
    const db = t.platform.runtime.db.prisma;
    const count = await db.design.count();
    const bodies: unknown[] = [
      {},
      { title: "No type" },
      { design_type: { type: "custom", width: 39, height: 500 } },
      { design_type: { type: "custom", width: 500, height: 8001 } },
      { design_type: { type: "custom", width: 1e12, height: 1e12 } },
      { design_type: { type: "custom", width: -5, height: 100 } },
      { design_type: { type: "custom", width: 100.5, height: 100 } },
      { design_type: { type: "custom", width: 100 } },
      { design_type: { type: "custom", width: "wide", height: 100 } },
      { design_type: { type: "preset" } },
      { design_type: { type: "preset", name: "poster" } },
      { design_type: { type: "sideways" } },
      { design_type: "doc" },
      { design_type: [1, 2] },
      { design_type: { type: "preset", name: "doc" }, title: "" },
      { design_type: { type: "preset", name: "doc" }, title: "   " },
      { design_type: { type: "preset", name: "doc" }, title: "t".repeat(256) },
      { design_type: { type: "preset", name: "doc" }, title: 42 },
    ];
    for (const [i, body] of bodies.entries()) {
      if (i % 15 === 14) token = await designScopedToken(t.http, p, p.client);
      const response = await create(body);
      assert.equal(response.status, 400, `${JSON.stringify(body)} → ${response.status} ${response.text}`);
      assert.deepEqual(Object.keys(response.body).sort(), ["code", "message"], response.text);
      assert.ok(["invalid_field", "bad_request_body"].includes(response.body.code), response.text);
    }
    const range = await create({ design_type: { type: "custom", width: 39, height: 500 } });
    assert.deepEqual(range.body, { code: "invalid_field", message: "design_type.width must be between 40 and 8000" });
    assert.equal(await db.design.count(), count, "nothing was created");
  });

  test("a title of 255 characters is kept; bad JSON and non-objects are 400, never 500", async () => {
    assert.equal((await created({ design_type: { type: "preset", name: "doc" }, title: "t".repeat(255) })).title.length, 255);
    const malformed = await t.http.post("/v1/designs", `{"design_type": {`, { token });
    assert.deepEqual([malformed.status, malformed.body.code], [400, "bad_request_body"]);
    for (const body of ["[1]", `"doc"`, "null"]) assert.equal((await t.http.post("/v1/designs", body, { token })).status, 400, body);
  });

  test("no token 401, a bad token 401, a token without design:content:write 403 missing_scope", async () => {
    const body = { design_type: { type: "preset", name: "doc" } };
    const anonymous = await t.http.post("/v1/designs", body);
    assert.deepEqual([anonymous.status, anonymous.body], [401, { code: "invalid_access_token", message: "Missing Authorization header" }]);
    assert.equal((await create(body, "garbage")).status, 401);
    const scoped = await create(body, metaOnly);
    assert.deepEqual([scoped.status, scoped.body.code], [403, "missing_scope"]);
    assert.match(scoped.body.message, /design:content:write/);
    const business = await create(body, p.client.token);
    assert.equal(business.status, 401, "a business-platform token opens no design operation");
  });
});

describe("GET /v1/designs/{id} and /pages", () => {
  test("the team sees a design; another team, unknown and malformed ids are 404 design_not_found", async () => {
    const design = await created({ design_type: { type: "preset", name: "email" }, title: "Newsletter" });
    const read = await t.http.get(`/v1/designs/${design.id}`, { token: metaOnly });
    // Links are signed at each read (their expiry moves on): everything else is the same.
    const unsigned = ({ urls: _urls, thumbnail, ...rest }: any) => ({ ...rest, thumbnail: { ...thumbnail, url: new URL(thumbnail.url).pathname } });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(unsigned(read.body.design), unsigned(design));
    assert.deepEqual((await t.http.get(`/v1/designs/${design.id}`, { token: teammate })).body.design.id, design.id, "a teammate sees it");
    for (const [path, who] of [
      [`/v1/designs/${design.id}`, outsider],
      [`/v1/designs/${design.id}/pages`, outsider],
      ["/v1/designs/Dunknown", token],
      ["/v1/designs/bad%20id", token],
      [`/v1/designs/${"x".repeat(51)}`, token],
    ] as const) {
      const response = await t.http.get(path, { token: who });
      assert.deepEqual([response.status, response.body], [404, { code: "design_not_found", message: "Design not found" }], path);
    }
  });

  test("pages: offset 1..500 and limit 1..200, anything else 400; the scope is design:content:read", async () => {
    const design = await created({ design_type: { type: "custom", width: 300, height: 200 } });
    const path = `/v1/designs/${design.id}/pages`;
    assert.deepEqual((await t.http.get(`${path}?offset=1&limit=200`, { token })).body.items.length, 1);
    assert.deepEqual((await t.http.get(`${path}?offset=2`, { token })).body, { items: [] });
    for (const query of ["offset=0", "offset=501", "limit=0", "limit=201", "limit=abc", "offset=1.5", "limit=1&limit=2", "offset=99999999999"]) {
      const response = await t.http.get(`${path}?${query}`, { token });
      assert.deepEqual([response.status, response.body.code], [400, "invalid_field"], `${query}: ${response.text}`);
    }
    const scoped = await t.http.get(path, { token: metaOnly });
    assert.deepEqual([scoped.status, scoped.body.code], [403, "missing_scope"]);
  });
});
