// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { finishedJob, onPlatform } from "../../../testing/assets.js";
import { setPlan } from "../../../testing/designs.js";
import { published, standardFields, startTemplatePlatform, templateToken, type TemplatePlatform } from "../../../testing/brand-templates.js";
import { designWithContent } from "../../../testing/exports.js";
import { labelledDesign, pageLabels } from "../../../testing/page-designs.js";

let s: TemplatePlatform;
/** The client's three-page labelled design (A1, A2, A3), the outsider's design, and a template of the client's team. */
let a: string;
let foreign: string;
let template: { id: string; title: string; createUrl: string };

const db = () => s.t.platform.runtime.db.prisma;
const create = (body: unknown, token = s.token) => s.t.http.post("/v1/designs", body, { token });
const datasetOf = (designId: string, token = s.token) => s.t.http.get(`/v1/designs/${designId}/dataset`, { token });

before(async () => {
  s = await startTemplatePlatform();
  a = await labelledDesign(s.t, s.token, "A", 3);
  foreign = await labelledDesign(s.t, s.outsider, "X", 1);
  const source = await designWithContent(s.t, s.token, "Poster");
  template = (await published(s.t, s.token, source, await standardFields(s.t, source), "Poster template")) as typeof template;
});
after(() => s.t.stop());

describe("POST /v1/designs with type design: a copy of the team's design", () => {
  test("every page, or the pages named in that order; same title and kind; the original unchanged", async () => {
    const all = await create({ type: "design", design_id: a });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual([all.body.design.title, all.body.design.page_count, all.body.design.design_types], ["A", 3, ["custom"]]);
    assert.notEqual(all.body.design.id, a);
    assert.deepEqual(await pageLabels(s.t, all.body.design.id), ["A1", "A2", "A3"]);
    const some = await create({ type: "design", design_id: a, page_numbers: [3, 1] }, s.teammate);
    assert.equal(some.status, 200, some.text);
    assert.deepEqual(await pageLabels(s.t, some.body.design.id), ["A3", "A1"]);
    assert.equal(some.body.design.owner.user_id, `U${s.p.otherClient.userId}`);
    assert.deepEqual(await pageLabels(s.t, a), ["A1", "A2", "A3"]);
  });

  test("without type, or type_and_asset: today's creation", async () => {
    for (const body of [{ design_type: { type: "preset", name: "email" } }, { type: "type_and_asset", design_type: { type: "preset", name: "email" } }]) {
      const response = await create(body);
      assert.deepEqual([response.status, response.body.design.design_types, response.body.design.page_count], [200, ["email"], 1]);
    }
  });

  test("another team's design answers as an unknown one: 404 not_found, nothing made", async () => {
    const designs = await db().design.count();
    for (const designId of [foreign, "Dunknown"]) {
      const response = await create({ type: "design", design_id: designId });
      assert.deepEqual([response.status, response.body], [404, { code: "not_found", message: `Design with id '${designId}' not found` }]);
    }
    assert.equal(await db().design.count(), designs);
  });

  test("page numbers past the end, 0, negative, repeated or too many; a missing id; an unknown type: 400, nothing made", async () => {
    const designs = await db().design.count();
    for (const [body, message] of [
      [{ type: "design", design_id: a, page_numbers: [4] }, /Page number 4 is out of range \(design has 3 pages\)/],
      [{ type: "design", design_id: a, page_numbers: [0] }, /Page number 0 is out of range/],
      [{ type: "design", design_id: a, page_numbers: [-1] }, /out of range/],
      [{ type: "design", design_id: a, page_numbers: [2, 2] }, /named twice/],
      [{ type: "design", design_id: a, page_numbers: [] }, /1 to 500 pages/],
      [{ type: "design", design_id: a, page_numbers: Array(501).fill(1) }, /1 to 500 pages/],
      [{ type: "design", design_id: a, page_numbers: "1" }, /./],
      [{ type: "design" }, /design_id is required/],
      [{ type: "brand_template", brand_template_id: 5 }, /brand_template_id is required/],
      [{ type: "folder", design_id: a }, /type must be type_and_asset, design or brand_template/],
    ] as const) {
      const response = await create(body);
      assert.equal(response.status, 400, `${JSON.stringify(body).slice(0, 100)}: ${response.text}`);
      assert.match(response.body.code, /^(invalid_field|bad_request_body)$/);
      assert.match(response.body.message, message);
    }
    assert.equal(await db().design.count(), designs);
  });
});

describe("POST /v1/designs with type brand_template, and the design's dataset", () => {
  test("a design of the caller from the template: its pages and title; its dataset the template's fields it holds", async () => {
    const made = await create({ type: "brand_template", brand_template_id: template.id });
    assert.equal(made.status, 200, made.text);
    assert.deepEqual([made.body.design.title, made.body.design.page_count, made.body.design.owner.user_id], ["Poster template", 3, `U${s.p.client.userId}`]);
    const dataset = await datasetOf(made.body.design.id);
    assert.deepEqual([dataset.status, dataset.body], [200, { dataset: { headline: { type: "text" }, photo: { type: "image" }, sales: { type: "chart" } } }]);
    // The fields all fill elements of page 1: a design of pages 2 and 3 holds none of them.
    const later = await create({ type: "brand_template", brand_template_id: template.id, page_numbers: [3, 2] });
    assert.equal(later.body.design.page_count, 2);
    assert.deepEqual((await datasetOf(later.body.design.id)).body, { dataset: {} });
  });

  test("an autofilled design's dataset is its template's; a design not made from a template has none", async () => {
    const started = await s.t.http.post("/v1/autofills", { brand_template_id: template.id, data: { headline: { type: "text", text: "Hi" } } }, { token: s.token });
    assert.equal(started.status, 200, started.text);
    const job = await finishedJob(s.t.http, `/v1/autofills/${started.body.job.id}`, s.token);
    assert.deepEqual(Object.keys((await datasetOf(job.result.design.id)).body.dataset), ["headline", "photo", "sales"]);
    assert.deepEqual((await datasetOf(a)).body, { dataset: {} });
  });

  test("another team's template, design or an unknown id: 404 not_found; a plan without brand templates: 403", async () => {
    const designs = await db().design.count();
    const foreignTemplate = await create({ type: "brand_template", brand_template_id: template.id }, s.outsider);
    assert.deepEqual([foreignTemplate.status, foreignTemplate.body.code], [404, "not_found"]);
    const past = await create({ type: "brand_template", brand_template_id: template.id, page_numbers: [4] });
    assert.deepEqual([past.status, past.body.code], [400, "invalid_field"]);
    const free = await create({ type: "brand_template", brand_template_id: template.id }, s.freePlan);
    assert.deepEqual([free.status, free.body.code], [403, "permission_denied"]);
    assert.equal(await db().design.count(), designs);
    for (const [designId, token] of [[a, s.outsider], [foreign, s.token], ["Dunknown", s.token]]) {
      const response = await datasetOf(designId, token);
      assert.deepEqual([response.status, response.body], [404, { code: "not_found", message: `Design with id '${designId}' not found` }]);
    }
  });
});

describe("POST /v1/designs: one budget whichever way a design is made", () => {
  test("20 a minute across type_and_asset, design and brand_template; then 429 too_many_requests", async () => {
    const limited = await templateToken(s.t.http, s.p, s.p.client);
    const bodies = [{ design_type: { type: "preset", name: "email" } }, { type: "design", design_id: a }, { type: "brand_template", brand_template_id: template.id }];
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await create(bodies[i % 3], limited)).status);
    assert.deepEqual(statuses, [...Array(20).fill(200), 429]);
    const refused = await create(bodies[0], limited);
    assert.deepEqual([refused.status, refused.body], [429, { code: "too_many_requests", message: "Too many requests to createDesign" }]);
  });
});

describe("the brand template's create_url", () => {
  const open = (url: string | URL) => fetch(onPlatform(s.t.http, String(url)), { redirect: "manual" });
  const createUrlOf = async (token = s.token) => (await s.t.http.get(`/v1/brand-templates/${template.id}`, { token })).body.brand_template.create_url as string;

  test("opened: a new design of the link's holder from the template, then a 303 to it; each opening makes one", async () => {
    const url = await createUrlOf(s.teammate);
    const before = await db().design.count({ where: { ownerId: s.p.otherClient.userId } });
    const first = await open(url);
    assert.equal(first.status, 303);
    const location = first.headers.get("location")!;
    const designId = /\/designs\/([\w-]+)\/edit\?token=/.exec(location)?.[1];
    assert.ok(designId, location);
    const design = await db().design.findUniqueOrThrow({ where: { id: designId } });
    assert.deepEqual([design.ownerId, design.title], [s.p.otherClient.userId, "Poster template"]);
    // Reloading what the browser shows is the design's own page: it makes nothing.
    const shown = await open(location);
    assert.equal(shown.status, 200);
    assert.match(await shown.text(), /Poster template/);
    assert.equal(await db().design.count({ where: { ownerId: s.p.otherClient.userId } }), before + 1);
    assert.equal((await open(url)).status, 303);
    assert.equal(await db().design.count({ where: { ownerId: s.p.otherClient.userId } }), before + 2);
  });

  test("an altered or foreign link, or a team that lost brand templates: refused, nothing made", async () => {
    const url = new URL(await createUrlOf());
    const designs = await db().design.count();
    const altered = new URL(url);
    altered.searchParams.set("token", `${url.searchParams.get("token")}x`);
    const elsewhere = new URL(url.href.replace(template.id, "BTsomeotherid0000000000"));
    const bare = new URL(url);
    bare.search = "";
    for (const refused of [altered, elsewhere, bare]) assert.equal((await open(refused)).status, 403, refused.href);
    await setPlan(s.t, s.p.client.userId, "free");
    try {
      assert.equal((await open(url)).status, 403);
    } finally {
      await setPlan(s.t, s.p.client.userId, "enterprise");
    }
    assert.equal(await db().design.count(), designs);
  });

  test("a link opened over and over: 30 designs a minute from one template, then 429 with Retry-After", async () => {
    const source = await designWithContent(s.t, s.token, "Flood");
    const flood = await published(s.t, s.token, source, [], "Flood");
    const url = (await s.t.http.get(`/v1/brand-templates/${flood.id}`, { token: s.token })).body.brand_template.create_url as string;
    const designs = await db().design.count();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await open(url)).status);
    assert.deepEqual(statuses, [...Array(30).fill(303), 429]);
    const refused = await open(url);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.equal(await db().design.count(), designs + 30);
  });
});
