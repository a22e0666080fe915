// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { designWithContent } from "../../../testing/exports.js";
import { DESIGN_SCOPES } from "../../../testing/designs.js";
import { fetchedPng } from "../../../testing/designs.js";
import { firstPageElements, PUBLISH, published, standardFields, startTemplatePlatform, templateToken, type TemplatePlatform } from "../../../testing/brand-templates.js";
import brandTemplates from "../module.js";
import { statementsFor } from "../../../testing/statements.js";

let s: TemplatePlatform;
/** The client's design with content, and the template published from it. */
let designId: string;
let template: { id: string; title: string };

const db = () => s.t.platform.runtime.db.prisma;
const get = (path: string, token = s.token) => s.t.http.get(path, { token });

before(async () => {
  s = await startTemplatePlatform();
  designId = await designWithContent(s.t, s.token, "Spring sale");
  template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
});
after(() => s.t.stop());

describe("publishBrandTemplate", () => {
  test("a snapshot of the design held by no team, fields pointing at the snapshot's elements; the design itself unchanged", async () => {
    assert.match(template.id, /^BT[\w-]{22}$/);
    assert.equal(template.title, "Spring sale");
    const row = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: { orderBy: { position: "asc" } } } });
    assert.equal(row.sourceDesignId, designId);
    const snapshot = await db().design.findUniqueOrThrow({ where: { id: row.designId }, include: { pages: { include: { elements: true } } } });
    assert.equal(snapshot.teamId, template.id);
    assert.equal(snapshot.pages.length, 3);
    const snapshotElements = new Map(snapshot.pages.flatMap((page) => page.elements).map((element) => [element.id, element]));
    assert.deepEqual(row.fields.map((field) => [field.name, field.type, snapshotElements.get(field.elementId)?.kind]), [["headline", "text", "text"], ["photo", "image", "image"], ["sales", "chart", "shape"]]);
    // Editing the design afterwards does not change the template.
    const source = await firstPageElements(s.t, designId);
    await db().designElement.update({ where: { id: source.text }, data: { text: "Edited later" } });
    assert.equal(snapshotElements.get(row.fields[0].elementId)?.text, "Hello");
    assert.equal((await db().designElement.findUniqueOrThrow({ where: { id: row.fields[0].elementId } })).text, "Hello");
    // No team lists or reads the snapshot.
    const listed = await get("/v1/designs?limit=100");
    assert.equal(listed.status, 200, listed.text);
    assert.ok(!listed.body.items.some((design: any) => design.id === row.designId));
    assert.equal((await get(`/v1/designs/${row.designId}`)).status, 404);
  });

  test("refusals: fields that do not fit the design are 400 invalid_field; another team's design 404; a plan without brand_template 403", async () => {
    const elements = await firstPageElements(s.t, designId);
    const refused = async (fields: unknown[], token = s.token, id = designId) => {
      const response = await s.t.http.graphql(PUBLISH, { designId: id, fields }, token);
      return response.body.errors?.[0]?.extensions ?? {};
    };
    const invalid = [
      [{ name: "headline", type: "text", elementId: elements.image }],
      [{ name: "photo", type: "image", elementId: elements.text }],
      [{ name: "x", type: "text", elementId: "nope" }],
      [{ name: "has space", type: "text", elementId: elements.text }],
      [{ name: "a".repeat(51), type: "text", elementId: elements.text }],
      [{ name: "", type: "text", elementId: elements.text }],
      [{ name: "a", type: "text", elementId: elements.text }, { name: "a", type: "chart", elementId: elements.shape }],
      [{ name: "a", type: "text", elementId: elements.text }, { name: "b", type: "chart", elementId: elements.text }],
      Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, type: "chart", elementId: elements.shape })),
    ];
    for (const fields of invalid) {
      const extensions = await refused(fields);
      assert.deepEqual([extensions.code, extensions.field], ["BAD_USER_INPUT", "fields"], JSON.stringify(fields).slice(0, 200));
    }
    const designMissing = (extensions: Record<string, unknown>) => [extensions.code, extensions.entity];
    assert.deepEqual(designMissing(await refused([], s.outsider)), ["NOT_FOUND", "design"]);
    assert.deepEqual(designMissing(await refused([], s.token, "../etc")), ["NOT_FOUND", "design"]);
    assert.equal((await refused([], s.freePlan)).code, "FORBIDDEN");
    const title = await s.t.http.graphql(PUBLISH, { designId, title: "x".repeat(256), fields: [] }, s.token);
    assert.equal(title.body.errors?.[0]?.extensions?.field, "title");
  });
});

describe("GET /v1/brand-templates/{id} and its dataset", () => {
  test("the documented template, its signed links and thumbnail; the dataset in declaration order", async () => {
    const response = await get(`/v1/brand-templates/${template.id}`);
    assert.equal(response.status, 200, response.text);
    const body = response.body.brand_template;
    assert.deepEqual(Object.keys(body).sort(), ["create_url", "created_at", "id", "thumbnail", "title", "updated_at", "view_url"]);
    const { designId: snapshotId } = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id } });
    assert.match(body.view_url, new RegExp(`/designs/${snapshotId}/view\\?token=[\\w.-]+$`));
    assert.match(body.create_url, new RegExp(`/brand-templates/${template.id}/create\\?token=[\\w.-]+$`));
    assert.equal(typeof body.created_at, "number");
    const thumbnail = await fetchedPng(s.t.http, body.thumbnail.url);
    assert.deepEqual([thumbnail.width, thumbnail.height], [400, 300]);
    assert.deepEqual(thumbnail.pixel(50, 50).slice(0, 3), [255, 0, 0]);

    const dataset = await get(`/v1/brand-templates/${template.id}/dataset`);
    assert.equal(dataset.status, 200, dataset.text);
    assert.deepEqual(dataset.body, { dataset: { headline: { type: "text" }, photo: { type: "image" }, sales: { type: "chart" } } });
    assert.deepEqual(Object.keys(dataset.body.dataset), ["headline", "photo", "sales"]);
    assert.equal((await get(`/v1/brand-templates/${template.id}`, s.teammate)).status, 200);
  });

  test("another team's template and unknown or malformed ids are 404 not_found; without brand_template 403 permission_denied", async () => {
    for (const path of [`/v1/brand-templates/${template.id}`, `/v1/brand-templates/${template.id}/dataset`]) {
      const outsider = await get(path, s.outsider);
      assert.deepEqual([outsider.status, outsider.body.code], [404, "not_found"], outsider.text);
      const freePlan = await get(path, s.freePlan);
      assert.deepEqual([freePlan.status, freePlan.body.code], [403, "permission_denied"], freePlan.text);
    }
    for (const id of ["BTunknownunknownunknown1", "x".repeat(51), "a.b", "DAunknown12"]) {
      const response = await get(`/v1/brand-templates/${id}`);
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], response.text);
    }
  });

  test("scopes: brandtemplate:meta:read reads templates, brandtemplate:content:read the dataset", async () => {
    const metaOnly = await templateToken(s.t.http, s.p, s.p.client, "brandtemplate:meta:read");
    const designOnly = await templateToken(s.t.http, s.p, s.p.client, DESIGN_SCOPES);
    assert.equal((await get(`/v1/brand-templates/${template.id}`, metaOnly)).status, 200);
    assert.equal((await get(`/v1/brand-templates/${template.id}/dataset`, metaOnly)).status, 403);
    assert.equal((await get("/v1/brand-templates", designOnly)).status, 403);
  });

  test("the former-format id finds the template for 6 months after publishing, then 404", async () => {
    const row = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id } });
    assert.match(row.legacyId, /^DA[\w-]{9}$/);
    const expiry = new Date(row.createdAt);
    expiry.setUTCMonth(expiry.getUTCMonth() + 6);
    assert.equal(row.legacyIdExpiresAt.getTime(), expiry.getTime());
    const byLegacy = await get(`/v1/brand-templates/${row.legacyId}`);
    assert.equal(byLegacy.status, 200, byLegacy.text);
    assert.equal(byLegacy.body.brand_template.id, template.id);
    assert.equal((await get(`/v1/brand-templates/${row.legacyId}`, s.outsider)).status, 404);
    await db().brandTemplate.update({ where: { id: template.id }, data: { legacyIdExpiresAt: new Date(Date.now() - 1000) } });
    try {
      const expired = await get(`/v1/brand-templates/${row.legacyId}/dataset`);
      assert.deepEqual([expired.status, expired.body.code], [404, "not_found"]);
      assert.equal((await get(`/v1/brand-templates/${template.id}`)).status, 200);
    } finally {
      await db().brandTemplate.update({ where: { id: template.id }, data: { legacyIdExpiresAt: row.legacyIdExpiresAt } });
    }
  });
});

describe("GET /v1/brand-templates", () => {
  test("pages through the team's templates with a signed continuation; query, ownership, sort_by and dataset filter", async () => {
    const other = await designWithContent(s.t, s.teammate, "Autumn flyer");
    const fields = await standardFields(s.t, other);
    await published(s.t, s.teammate, other, fields.slice(0, 1), "Autumn flyer");
    await published(s.t, s.token, designId, [], "Blank brochure");
    await published(s.t, s.token, designId, fields.slice(0, 0), "Winter card");
    const titles = async (query: string, token = s.token) => {
      const response = await get(`/v1/brand-templates?${query}`, token);
      assert.equal(response.status, 200, response.text);
      return response.body.items.map((item: any) => item.title);
    };
    assert.deepEqual(await titles("sort_by=title_ascending"), ["Autumn flyer", "Blank brochure", "Spring sale", "Winter card"]);
    assert.deepEqual(await titles("sort_by=title_descending&ownership=owned"), ["Winter card", "Spring sale", "Blank brochure"]);
    assert.deepEqual(await titles("ownership=shared"), ["Autumn flyer"]);
    assert.deepEqual(await titles("sort_by=title_ascending&dataset=non_empty"), ["Autumn flyer", "Spring sale"]);
    assert.deepEqual(await titles("query=SPRING"), ["Spring sale"]);
    assert.deepEqual(await titles("", s.outsider), []);

    const seen: string[] = [];
    let continuation: string | undefined;
    do {
      const response = await get(`/v1/brand-templates?limit=3&sort_by=title_ascending${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ""}`);
      assert.equal(response.status, 200, response.text);
      seen.push(...response.body.items.map((item: any) => item.title));
      continuation = response.body.continuation;
    } while (continuation);
    assert.deepEqual(seen, ["Autumn flyer", "Blank brochure", "Spring sale", "Winter card"]);
  });

  test("a tampered or carried-over continuation, a long query and unknown filter values are 400", async () => {
    const first = await get("/v1/brand-templates?limit=1");
    const { continuation } = first.body;
    assert.equal(typeof continuation, "string");
    const [payload, mac] = continuation.split(".");
    const forged = Buffer.from(JSON.stringify({ offset: 0, for: "x" })).toString("base64url");
    for (const query of [
      `limit=1&continuation=${payload}.${mac.slice(0, -2)}AA`,
      `limit=1&continuation=${forged}.${mac}`,
      `limit=1&dataset=non_empty&continuation=${continuation}`,
      `limit=1&sort_by=title_ascending&continuation=${continuation}`,
      `query=${"q".repeat(256)}`,
      "ownership=everyone",
      "dataset=full",
      "sort_by=size",
      "limit=101",
    ]) {
      const response = await get(`/v1/brand-templates?${query}`);
      assert.equal(response.status, 400, `${query.slice(0, 80)}: ${response.text}`);
    }
    const outsider = await get(`/v1/brand-templates?limit=1&continuation=${continuation}`, s.outsider);
    assert.equal(outsider.status, 400);
    assert.equal((await get("/v1/brand-templates", s.freePlan)).status, 403);
  });

  test("the documented rates: 100 a minute for each read", () => {
    const rates = Object.fromEntries(Object.entries(brandTemplates.rateLimits!).map(([field, rate]) => [field, rate.perMinute]));
    assert.deepEqual([rates["Query.brandTemplates"], rates["Query.brandTemplate"], rates["Query.brandTemplateDataset"]], [100, 100, 100]);
    assert.deepEqual([rates["Mutation.createDesignAutofillJob"], rates["Query.designAutofillJob"], rates["Query.autofillJob"]], [10, 60, 60]);
  });
});

describe("thumbnails of a list", () => {
  test("a page of templates draws its thumbnails with as many statements whatever its length (no query per template)", async () => {
    const LIST = `{ brandTemplates(ownership: owned, limit: 25) { items { id thumbnail { width height url } } } }`;
    // The first listing renders the thumbnails not drawn yet and stores them after it answers: a listing
    // is measured once two in a row agree, so no write of an earlier one is counted.
    const measured = async () => {
      let previous = -1;
      for (let attempt = 0; attempt < 6; attempt++) {
        const { statements, data } = await statementsFor(s.t, LIST, s.token);
        assert.ok(data.brandTemplates.items.every((item: any) => item.thumbnail?.url));
        if (statements === previous) return { statements, templates: data.brandTemplates.items.length };
        previous = statements;
      }
      assert.fail("the listing's statement count never settled");
    };
    const few = await measured();
    for (const title of ["Thumb one", "Thumb two", "Thumb three", "Thumb four"]) await published(s.t, s.token, designId, [], title);
    const more = await measured();
    assert.equal(more.templates, few.templates + 4);
    assert.equal(more.statements, few.statements, `${few.templates} templates: ${few.statements} statements; ${more.templates}: ${more.statements}`);
  });
});
