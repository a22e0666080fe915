// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { designScopedToken, startDesignPlatform } from "../../../testing/designs.js";

let t: TestPlatform;
let p: People;
let token: string;
let teammate: string;
let outsider: string;
const mine: string[] = [];
const theirs: string[] = [];

before(async () => {
  ({ t, p, token, teammate, outsider } = await startDesignPlatform());
  for (const title of ["Alpha poster", "beta flyer", "Gamma poster"]) {
    mine.push((await t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title }, { token })).body.design.id);
  }
  for (const title of ["Delta poster", "epsilon card"]) {
    theirs.push((await t.http.post("/v1/designs", { design_type: { type: "preset", name: "email" }, title }, { token: teammate })).body.design.id);
  }
  await t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Outsider poster" }, { token: outsider });
});
after(() => t.stop());

const list = (query: string, who = token) => t.http.get(`/v1/designs${query}`, { token: who });
const ids = (response: any) => response.body.items.map((design: any) => design.id);
const titles = (response: any) => response.body.items.map((design: any) => design.title);

describe("GET /v1/designs", () => {
  test("ownership: any is the whole team, owned the caller's, shared the teammates'; never another team's", async () => {
    assert.deepEqual(new Set(ids(await list(""))), new Set([...mine, ...theirs]));
    assert.deepEqual(new Set(ids(await list("?ownership=owned"))), new Set(mine));
    assert.deepEqual(new Set(ids(await list("?ownership=shared"))), new Set(theirs));
    assert.deepEqual(titles(await list("", outsider)), ["Outsider poster"]);
    const item = (await list("?ownership=owned&sort_by=title_ascending&limit=1")).body.items[0];
    assert.deepEqual(Object.keys(item).sort(), ["created_at", "design_types", "id", "owner", "page_count", "thumbnail", "title", "updated_at", "urls"]);
  });

  test("query searches titles without regard to case; every sort_by orders as documented", async () => {
    assert.deepEqual(titles(await list("?query=POSTER&sort_by=title_ascending")), ["Alpha poster", "Delta poster", "Gamma poster"]);
    assert.deepEqual(titles(await list("?sort_by=title_descending")), ["Gamma poster", "epsilon card", "Delta poster", "beta flyer", "Alpha poster"]);
    const db = t.platform.runtime.db.prisma;
    await db.design.update({ where: { id: mine[0] }, data: { title: "Alpha poster (edited)", titleKey: "alpha poster (edited)" } });
    const newest = await list("?sort_by=modified_descending");
    assert.equal(ids(newest)[0], mine[0]);
    assert.deepEqual(ids(await list("?sort_by=relevance")), ids(newest), "relevance lists the most recently modified first");
    assert.deepEqual(ids(await list("?sort_by=modified_ascending")), [...ids(newest)].reverse());
    assert.deepEqual((await list("?query=nothing-like-this")).body, { items: [] });
  });

  test("limit and continuation walk every design once; the last page has no continuation", async () => {
    const seen: string[] = [];
    let next = "";
    for (let pages = 0; pages < 10; pages++) {
      const response = await list(`?limit=2&sort_by=title_ascending${next ? `&continuation=${encodeURIComponent(next)}` : ""}`);
      assert.equal(response.status, 200, response.text);
      seen.push(...ids(response));
      if (!response.body.continuation) break;
      next = response.body.continuation;
    }
    assert.deepEqual(seen.length, 5);
    assert.deepEqual(new Set(seen), new Set([...mine, ...theirs]));
    assert.equal((await list("?limit=25")).body.continuation, undefined);
  });

  test("an altered continuation, or one carried to another listing or user, is 400 and shows nothing", async () => {
    const first = await list("?limit=1&sort_by=title_ascending");
    const continuation: string = first.body.continuation;
    const [payload, mac] = continuation.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...decoded, offset: 0 }), "utf8").toString("base64url");
    const attempts = [
      `${forged}.${mac}`,
      `${payload}.${mac.slice(0, -2)}${mac.endsWith("AA") ? "BB" : "AA"}`,
      "garbage",
      `${payload}.`,
    ];
    for (const attempt of attempts) {
      const response = await list(`?limit=1&sort_by=title_ascending&continuation=${encodeURIComponent(attempt)}`);
      assert.deepEqual([response.status, response.body.code], [400, "invalid_field"], attempt);
    }
    for (const [query, who] of [["?limit=1&sort_by=title_descending", token], ["?limit=1&sort_by=title_ascending", outsider], ["?limit=1&sort_by=title_ascending", teammate]] as const) {
      const response = await list(`${query}&continuation=${encodeURIComponent(continuation)}`, who);
      assert.deepEqual([response.status, response.body.code], [400, "invalid_field"], query);
    }
  });

  test("bad parameters are 400 invalid_field; no token 401; without design:meta:read 403", async () => {
    for (const query of ["?limit=0", "?limit=101", "?limit=x", `?query=${"q".repeat(256)}`, "?ownership=mine", "?sort_by=random", "?limit=1&limit=2"]) {
      const response = await list(query);
      assert.deepEqual([response.status, response.body.code], [400, "invalid_field"], `${query}: ${response.text}`);
    }
    assert.equal((await list(`?query=${"q".repeat(255)}`)).status, 200);
    assert.equal((await t.http.get("/v1/designs")).status, 401);
    const writeOnly = await designScopedToken(t.http, p, p.client, "design:content:write");
    const scoped = await list("", writeOnly);
    assert.deepEqual([scoped.status, scoped.body.code], [403, "missing_scope"]);
  });
});
