// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { finishedJob } from "../../../testing/assets.js";
import { published, standardFields, startTemplatePlatform, templateToken, type TemplatePlatform } from "../../../testing/brand-templates.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";
import { fetchedPng, uploadedImage } from "../../../testing/designs.js";
import { BLUE, designWithContent, downloaded, exported, GREEN, openedImage } from "../../../testing/exports.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { DESIGN_AUTOFILL } from "../domain/autofill-jobs.js";
import { brandTemplateJobHandlers } from "../domain/job-handlers.js";
import { designContentBudgets } from "../../designs/public.js";
import { Settings } from "../../../lib/settings.js";

let s: TemplatePlatform;
let designId: string;
let template: { id: string; title: string };
/** A green image of the client's team, and one of the outsider's team. */
let green: string;
let outsidersAsset: string;

const db = () => s.t.platform.runtime.db.prisma;
const SALES = { type: "chart", chart_data: { rows: [{ cells: [{ type: "string", value: "North" }, { type: "number", value: 40 }] }, { cells: [{ type: "string", value: "South" }, { type: "number", value: 80 }, { type: "date", value: 1_700_000_000 }, { type: "boolean", value: true }] }] } };

/** The client's tokens for autofills, a fresh integration every 10 requests (the documented rate is 10 a minute). */
let budget = { token: "", left: 0 };
async function clientToken(): Promise<string> {
  if (budget.left === 0) budget = { token: await templateToken(s.t.http, s.p, s.p.client), left: 10 };
  budget.left -= 1;
  return budget.token;
}

const autofill = async (body: unknown, token?: string) => s.t.http.post("/v1/autofills", body, { token: token ?? (await clientToken()) });

/** Starts an autofill and waits for its job (the documented polling loop). */
async function autofilled(body: unknown) {
  const token = await clientToken();
  const created = await autofill(body, token);
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(Object.keys(created.body), ["job"]);
  assert.equal(created.body.job.status, "in_progress");
  return finishedJob(s.t.http, `/v1/autofills/${created.body.job.id}`, token, 60_000);
}

before(async () => {
  s = await startTemplatePlatform({}, [...DESIGN_DOMAINS, "brand-templates", "exports"]);
  designId = await designWithContent(s.t, s.token, "Spring sale");
  template = await published(s.t, s.token, designId, await standardFields(s.t, designId));
  green = await uploadedImage(s.t.http, s.token, 160, 120, GREEN);
  outsidersAsset = await uploadedImage(s.t.http, s.outsider, 40, 40, GREEN);
});
after(() => s.t.stop());

describe("POST /v1/autofills", () => {
  test("the full path: a template filled with new text, another image and a chart, exported: the image area in the new colour", async () => {
    const job = await autofilled({ brand_template_id: template.id, title: "Summer sale", data: { headline: { type: "text", text: "Summer" }, photo: { type: "image", asset_id: green }, sales: SALES } });
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.deepEqual(Object.keys(job), ["id", "status", "result"]);
    assert.equal(job.result.type, "create_design");
    const { design } = job.result;
    assert.deepEqual(Object.keys(design).sort(), ["created_at", "id", "thumbnail", "title", "updated_at", "url", "urls"]);
    assert.equal(design.title, "Summer sale");
    assert.equal(design.url, design.urls.edit_url);
    assert.match(design.urls.view_url, new RegExp(`/designs/${design.id}/view\\?token=`));
    // Readable and exportable by the caller's team like any of its designs.
    const read = await s.t.http.get(`/v1/designs/${design.id}`, { token: s.token });
    assert.deepEqual([read.status, read.body.design?.page_count], [200, 3], read.text);
    const thumbnail = await fetchedPng(s.t.http, design.thumbnail.url);
    assert.deepEqual(thumbnail.pixel(300, 225).slice(0, 3), [GREEN.r, GREEN.g, GREEN.b]);

    const elements = await db().designElement.findMany({ where: { page: { designId: design.id, index: 1 } }, orderBy: [{ z: "asc" }, { id: "asc" }] });
    assert.deepEqual(elements.filter((e) => e.kind === "image").map((e) => e.assetId), [green]);
    const texts = elements.filter((e) => e.kind === "text").map((e) => e.text);
    assert.ok(texts.includes("Summer") && !texts.includes("Hello"), JSON.stringify(texts));
    // The chart over the red box: a label and a bar per row, the larger value's bar twice as long.
    assert.ok(texts.includes("North 40") && texts.includes("South 80 2023-11-14 true"), JSON.stringify(texts));
    const bars = elements.filter((e) => e.kind === "shape" && e.fill === "#3b6fd8").sort((a, b) => a.y - b.y);
    assert.deepEqual(bars.map((bar) => bar.width), [120, 240]);
    assert.ok(bars.every((bar) => bar.x >= 0 && bar.x + bar.width <= 400 && bar.y + bar.height <= 300));

    const before = await openedImage((await downloaded(s.t.http, (await exported(s.t.http, s.token, designId, { type: "png", pages: [1] })).urls[0])).bytes);
    const after = await openedImage((await downloaded(s.t.http, (await exported(s.t.http, s.token, design.id, { type: "png", pages: [1] })).urls[0])).bytes);
    assert.deepEqual([after.width, after.height], [before.width, before.height]);
    assert.deepEqual(before.pixel(600, 450).slice(0, 3), [BLUE.r, BLUE.g, BLUE.b]);
    assert.deepEqual(after.pixel(600, 450).slice(0, 3), [GREEN.r, GREEN.g, GREEN.b]);
    // The red box is now the chart: white background where no bar is drawn.
    assert.deepEqual(before.pixel(390, 10).slice(0, 3), [255, 0, 0]);
    assert.notDeepEqual(after.pixel(390, 10).slice(0, 3), [255, 0, 0]);
    // The template's pages are unchanged by the autofill.
    const source = await s.t.http.get(`/v1/brand-templates/${template.id}/dataset`, { token: s.token });
    assert.equal(Object.keys(source.body.dataset).length, 3);
  });

  test("the title defaults to the template's; fields left out keep the template's content; the legacy id works", async () => {
    const { legacyId } = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id } });
    const job = await autofilled({ brand_template_id: legacyId, data: { headline: { type: "text", text: "Only the headline" } } });
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.equal(job.result.design.title, template.title);
    const elements = await db().designElement.findMany({ where: { page: { designId: job.result.design.id, index: 1 } } });
    assert.deepEqual(elements.map((e) => e.kind).sort(), ["image", "shape", "text"]);
    assert.ok(elements.some((e) => e.text === "Only the headline"));
  });

  test("type create_from_brand_template is the default; create_from_design and unknown types are 400 bad_request_body; nothing is made", async () => {
    const explicit = await autofilled({ type: "create_from_brand_template", brand_template_id: template.id, data: { headline: { type: "text", text: "Typed" } } });
    assert.equal(explicit.status, "success", JSON.stringify(explicit));
    const jobs = await db().job.count({ where: { kind: DESIGN_AUTOFILL } });
    for (const type of ["create_from_design", "from_anything", 7]) {
      const response = await autofill({ type, design_id: "DAFVztcvd9z", brand_template_id: template.id, data: { headline: { type: "text", text: "x" } } });
      assert.deepEqual([response.status, response.body.code], [400, "bad_request_body"], `${JSON.stringify(type)}: ${response.text}`);
      assert.match(response.body.message, /create_from_brand_template/);
    }
    assert.equal(await db().job.count({ where: { kind: DESIGN_AUTOFILL } }), jobs);
  });

  test("a title of 0 or 256 characters or not text is 400 bad_request_params", async () => {
    for (const title of ["", "   ", "t".repeat(256), 5, ["a"]]) {
      const response = await autofill({ brand_template_id: template.id, title, data: {} });
      assert.deepEqual([response.status, response.body.code], [400, "bad_request_params"], `${JSON.stringify(title)}: ${response.text}`);
    }
  });

  test("data not matching the dataset is 400 autofill_data_invalid (the documented code) naming the field; nothing is made", async () => {
    const jobs = await db().job.count({ where: { kind: DESIGN_AUTOFILL } });
    const huge = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, { type: "text", text: "x" }]));
    const cases: [unknown, string][] = [
      [{ nope: { type: "text", text: "x" } }, "data.nope"],
      [{ headline: { type: "image", asset_id: green } }, "data.headline"],
      [{ headline: { type: "text", text: 12 } }, "data.headline.text"],
      [{ headline: { type: "text", text: "x".repeat(10_001) } }, "data.headline.text"],
      [{ headline: "Summer" }, "data.headline"],
      [{ photo: { type: "image" } }, "data.photo.asset_id"],
      [{ photo: { type: "image", asset_id: outsidersAsset } }, "data.photo.asset_id"],
      [{ photo: { type: "image", asset_id: "../../etc" } }, "data.photo.asset_id"],
      [{ sales: { type: "chart", chart_data: { rows: [] } } }, "data.sales.chart_data.rows"],
      [{ sales: { type: "chart", chart_data: { rows: [{ cells: [{ type: "number", value: "40" }] }] } } }, "data.sales.chart_data.rows[0].cells[0]"],
      [{ sales: { type: "chart", chart_data: { rows: [{ cells: [{ type: "date", value: 1.5 }] }] } } }, "data.sales.chart_data.rows[0].cells[0]"],
      [{ sales: { type: "chart", chart_data: { rows: Array.from({ length: 101 }, () => ({ cells: [{ type: "boolean", value: true }] })) } } }, "data.sales.chart_data.rows"],
      [huge, "data"],
      [[{ type: "text" }], "data"],
      ["text", "data"],
    ];
    for (const [data, field] of cases) {
      const response = await autofill({ brand_template_id: template.id, data });
      assert.deepEqual([response.status, response.body.code], [400, "autofill_data_invalid"], `${JSON.stringify(data).slice(0, 100)}: ${response.text.slice(0, 300)}`);
      assert.ok(response.body.message.startsWith(field), `${field}: ${response.body.message}`);
    }
    const missing = await autofill({ brand_template_id: template.id });
    assert.deepEqual([missing.status, missing.body.code], [400, "bad_request_body"], "no data at all: the body lacks a required member");
    assert.equal(await db().job.count({ where: { kind: DESIGN_AUTOFILL } }), jobs);
  });

  test("another team's template is 404 not_found; without autofill 403 permission_denied; without design:content:write 403", async () => {
    const outsider = await autofill({ brand_template_id: template.id, data: {} }, s.outsider);
    assert.deepEqual([outsider.status, outsider.body.code], [404, "not_found"], outsider.text);
    const unknown = await autofill({ brand_template_id: "BTnothing", data: {} });
    assert.deepEqual([unknown.status, unknown.body.code], [404, "not_found"], unknown.text);
    const freePlan = await autofill({ brand_template_id: template.id, data: {} }, s.freePlan);
    assert.deepEqual([freePlan.status, freePlan.body.code], [403, "permission_denied"], freePlan.text);
    const readOnly = await templateToken(s.t.http, s.p, s.p.client, "design:meta:read brandtemplate:meta:read");
    assert.equal((await autofill({ brand_template_id: template.id, data: {} }, readOnly)).status, 403);
  });
});

describe("the documented autofill rate", () => {
  test("10 autofill requests a minute per integration and user, then 429 too_many_requests with Retry-After", async () => {
    const token = await templateToken(s.t.http, s.p, s.p.client);
    const jobsBefore = await db().job.count({ where: { kind: DESIGN_AUTOFILL } });
    const answers = await Promise.all(Array.from({ length: 12 }, () => autofill({ brand_template_id: template.id, title: "Rate", data: { bogus: { type: "text", text: "x" } } }, token)));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [...Array(10).fill(400), 429, 429], "ten are answered (here: 400 for an unknown field), the rest refused");
    const refused = answers.find((answer) => answer.status === 429)!;
    assert.equal(refused.body.code, "too_many_requests");
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
    assert.equal(await db().job.count({ where: { kind: DESIGN_AUTOFILL } }), jobsBefore, "nothing was started");
  });
});

describe("GET /v1/autofills/{jobId} and the autofillJob subscription", () => {
  test("the creator reads and follows the job; a teammate is 403 permission_denied; unknown or other jobs' ids 404 not_found", async () => {
    const token = await clientToken();
    const created = await autofill({ brand_template_id: template.id, data: {} }, token);
    assert.equal(created.status, 200, created.text);
    const jobId = created.body.job.id;
    const subscription = `subscription($id: ID!) { autofillJob(id: $id) { id status result { type design { id } } } }`;
    const followed = follow(wsClient(s.t.http.baseUrl, token), subscription, { id: jobId });
    assert.deepEqual(await followed.ended, {});
    assert.equal(followed.results.at(-1).data.autofillJob.status, "success");

    const teammate = await s.t.http.get(`/v1/autofills/${jobId}`, { token: s.teammate });
    assert.deepEqual([teammate.status, teammate.body.code], [403, "permission_denied"], teammate.text);
    const spied = follow(wsClient(s.t.http.baseUrl, s.teammate), subscription, { id: jobId });
    await spied.ended;
    assert.ok(spied.results.every((result) => !result.data?.autofillJob), JSON.stringify(spied.results));

    for (const id of ["unknownjob", "a.b"]) {
      const response = await s.t.http.get(`/v1/autofills/${id}`, { token });
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], response.text);
    }
    const otherKind = await db().job.findFirstOrThrow({ where: { kind: { not: DESIGN_AUTOFILL }, ownerId: s.p.client.userId } });
    assert.equal((await s.t.http.get(`/v1/autofills/${otherKind.id}`, { token })).status, 404);

    const graph = await s.t.http.graphql(`query($id: ID!) { designAutofillJob(id: $id) { id status } }`, { id: jobId }, token);
    assert.deepEqual(graph.body.data?.designAutofillJob, { id: jobId, status: "success" });
  });
});

describe("the autofill job handler", () => {
  const handle = () => brandTemplateJobHandlers(db(), designContentBudgets(new Settings({})))[DESIGN_AUTOFILL];
  const signal = new AbortController().signal;

  async function jobFor(id: string, fills: Record<string, unknown>) {
    const { teamId } = await db().teamMembership.findUniqueOrThrow({ where: { userId: s.p.client.userId } });
    return { id, ownerId: s.p.client.userId, input: { templateId: template.id, teamId, title: "Resumed", fills } } as any;
  }

  test("an attempt resumed after an earlier one made the design returns it and makes no other", async () => {
    const job = await jobFor("resumed-job", {});
    const first = await handle()(job, signal);
    const designs = await db().design.count();
    assert.deepEqual(await handle()(job, signal), first);
    assert.equal(await db().design.count(), designs);
    assert.deepEqual(first, { designId: "DAresumed-job" });
  });

  test("an image asset trashed or a template deleted before the job runs fails it with autofill_error", async () => {
    const doomed = await uploadedImage(s.t.http, s.token, 20, 20, BLUE);
    const { fields } = await db().brandTemplate.findUniqueOrThrow({ where: { id: template.id }, include: { fields: true } });
    const photo = fields.find((field) => field.name === "photo")!;
    await db().asset.update({ where: { id: doomed }, data: { trashedAt: new Date() } });
    await assert.rejects(handle()(await jobFor("trashed-asset", { [photo.elementId]: { type: "image", assetId: doomed } }), signal), { code: "autofill_error" });

    const spare = await published(s.t, s.token, designId, [], "Soon gone");
    const job = await jobFor("deleted-template", {});
    job.input.templateId = spare.id;
    await db().brandTemplate.delete({ where: { id: spare.id } });
    await assert.rejects(handle()(job, signal), { code: "autofill_error" });
  });
});
