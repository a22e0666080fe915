// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { finishedJob } from "../../../testing/assets.js";
import { designAndAssetToken, designScopedToken, fetchedPng, setPlan, startDesignPlatform, uploadedImage } from "../../../testing/designs.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { resizeJobHandlers } from "../domain/job-handlers.js";
import { DESIGN_RESIZE } from "../domain/resize-jobs.js";
import { requestedJobCount } from "../../../testing/workers.js";
import { designContentBudgets } from "../../designs/public.js";
import { Settings } from "../../../lib/settings.js";

let t: TestPlatform;
let p: People;
let token: string;
let teammate: string;
let outsider: string;
let metaOnly: string;
/** The client's three-page design every resize below starts from. */
let campaign: { id: string; assetId: string };

const db = () => t.platform.runtime.db.prisma;

const PAGES = `query($id: ID!) { designPages(designId: $id, limit: 10) { index width height elements { kind x y width height
  ... on ImageElement { asset { id } } ... on TextElement { text fontSize color } ... on ShapeElement { shape fill } } } }`;

async function pagesOf(designId: string, as = token) {
  const response = await t.http.graphql(PAGES, { id: designId }, as);
  assert.equal(response.body.errors, undefined, response.text);
  return response.body.data.designPages;
}

/** Element boxes per page, as `[kind, x, y, width, height]` (and the font size of text). */
const boxes = (pages: any[]) => pages.map((page) => page.elements.map((e: any) => [e.kind, e.x, e.y, e.width, e.height, ...(e.kind === "text" ? [e.fontSize] : [])]));

/**
 * "Spring campaign", 1000×500: page 1 the picture filling it and a headline; page 2 a shape and a
 * caption; page 3, 500×500, a smaller picture, a full-page ellipse and a small note.
 */
async function makeCampaign(): Promise<{ id: string; assetId: string }> {
  const assetToken = await designAndAssetToken(t.http, p, p.client);
  const assetId = await uploadedImage(t.http, assetToken, 400, 200);
  const created = await t.http.post("/v1/designs", { design_type: { type: "custom", width: 1000, height: 500 }, asset_id: assetId, title: "Spring campaign" }, { token });
  assert.equal(created.status, 200, created.text);
  const id = created.body.design.id;
  const [first] = await db().designPage.findMany({ where: { designId: id } });
  const text = (id: string, box: number[], fontSize: number) => ({ id, kind: "text" as const, x: box[0], y: box[1], width: box[2], height: box[3], z: 1, text: id, fontSize, color: "#112233" });
  await db().designElement.create({ data: { ...text("headline", [100, 50, 400, 100], 40), pageId: first.id } });
  await db().designPage.create({
    data: {
      id: `${id}-p2`, designId: id, index: 2, width: 1000, height: 500,
      elements: { create: [{ id: "banner", kind: "shape", x: 10, y: 20, width: 300, height: 100, z: 0, shape: "rect", fill: "#ff0000" }, text("caption", [250, 100, 500, 50], 25)] },
    },
  });
  await db().designPage.create({
    data: {
      id: `${id}-p3`, designId: id, index: 3, width: 500, height: 500,
      elements: {
        create: [
          { id: "circle", kind: "shape", x: 0, y: 0, width: 500, height: 500, z: 0, shape: "ellipse", fill: "#00ff00" },
          { id: "photo", kind: "image", x: 100, y: 100, width: 200, height: 100, z: 1, assetId },
          { ...text("note", [0, 0, 10, 10], 1), z: 2 },
        ],
      },
    },
  });
  return { id, assetId };
}

async function resize(designId: string, designType: unknown, as = token) {
  return t.http.post("/v1/resizes", { design_id: designId, design_type: designType }, { token: as });
}

/** Starts a resize and waits for its job (the documented polling loop). */
async function resized(designId: string, designType: unknown, as = token) {
  const created = await resize(designId, designType, as);
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(Object.keys(created.body), ["job"]);
  assert.deepEqual([typeof created.body.job.id, created.body.job.status], ["string", "in_progress"]);
  return finishedJob(t.http, `/v1/resizes/${created.body.job.id}`, as);
}

before(async () => {
  ({ t, p, token, teammate, outsider, metaOnly } = await startDesignPlatform({}, [...DESIGN_DOMAINS, "resizes"]));
  await setPlan(t, p.client.userId, "pro");
  campaign = await makeCampaign();
});
after(() => t.stop());

describe("POST /v1/resizes", () => {
  test("a three-page design resized to a custom size: a new design, every page that size, elements scaled; the original unchanged", async () => {
    const original = await pagesOf(campaign.id);
    const job = await resized(campaign.id, { type: "custom", width: 2000, height: 1500 });
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.deepEqual(Object.keys(job), ["id", "status", "result"]);
    assert.deepEqual(Object.keys(job.result), ["design"]);
    const { design } = job.result;
    assert.deepEqual(Object.keys(design).sort(), ["created_at", "id", "page_count", "thumbnail", "title", "updated_at", "url", "urls"]);
    assert.equal(design.url, design.urls.edit_url, "the design's own URL");
    assert.notEqual(design.id, campaign.id);
    assert.deepEqual([design.title, design.page_count, typeof design.created_at], ["Spring campaign", 3, "number"]);
    assert.match(design.urls.view_url, new RegExp(`/designs/${design.id}/view\\?token=[\\w.-]+$`));
    // The first page drawn into 400×300: the picture's band (rows 50 to 250) in its colour.
    const thumbnail = await fetchedPng(t.http, design.thumbnail.url);
    assert.deepEqual([design.thumbnail.width, design.thumbnail.height, thumbnail.width, thumbnail.height], [400, 300, 400, 300]);
    assert.deepEqual(thumbnail.pixel(380, 240).slice(0, 3), [200, 40, 90]);
    assert.notDeepEqual(thumbnail.pixel(380, 20).slice(0, 3), [200, 40, 90]);

    const pages = await pagesOf(design.id);
    assert.deepEqual(pages.map((page: any) => [page.index, page.width, page.height]), [[1, 2000, 1500], [2, 2000, 1500], [3, 2000, 1500]]);
    assert.deepEqual(boxes(pages), [
      // 1000×500 → 2000×1500 (sx 2, sy 3): the 2:1 picture keeps its aspect (×2), centred in the stretched box.
      [["image", 0, 250, 2000, 1000], ["text", 200, 150, 800, 300, 80]],
      [["shape", 20, 60, 600, 300], ["text", 500, 300, 1000, 150, 50]],
      // 500×500 → 2000×1500 (sx 4, sy 3): the picture ×3, centred in its 800×300 box at (400, 300).
      [["shape", 0, 0, 2000, 1500], ["image", 500, 300, 600, 300], ["text", 0, 0, 40, 30, 3]],
    ]);
    assert.deepEqual(pages[0].elements[0].asset, { id: campaign.assetId });
    assert.deepEqual([pages[1].elements[0].shape, pages[1].elements[0].fill, pages[1].elements[1].text, pages[1].elements[1].color], ["rect", "#ff0000", "caption", "#112233"]);
    assert.deepEqual(await pagesOf(campaign.id), original);

    const read = await t.http.get(`/v1/designs/${design.id}`, { token });
    assert.deepEqual([read.status, read.body.design.owner.user_id, read.body.design.page_count], [200, `U${p.client.userId}`, 3]);
    const teamSees = await t.http.get(`/v1/designs/${design.id}`, { token: teammate });
    assert.equal(teamSees.status, 200);
  });

  test("to a preset: the new design is of that preset, pages at its size", async () => {
    const job = await resized(campaign.id, { type: "preset", name: "email" });
    assert.equal(job.status, "success", JSON.stringify(job));
    const graph = await t.http.graphql(`query($id: ID!) { design(id: $id) { designType { type name } pageCount } }`, { id: job.result.design.id }, token);
    assert.deepEqual(graph.body.data.design, { designType: { type: "preset", name: "email" }, pageCount: 3 });
    const pages = await pagesOf(job.result.design.id);
    assert.deepEqual(pages.map((page: any) => [page.width, page.height]), [[600, 1200], [600, 1200], [600, 1200]]);
    // 1000×500 → 600×1200 (sx 0.6, sy 2.4): the headline's font by the smaller factor.
    assert.deepEqual(boxes(pages)[0][1], ["text", 60, 120, 240, 240, 24]);
  });

  test("shrinking: nothing becomes smaller than 1 pixel, text included", async () => {
    const job = await resized(campaign.id, { type: "custom", width: 100, height: 100 });
    const pages = await pagesOf(job.result.design.id);
    // 500×500 → 100×100 (× 0.2): the 10×10 note with a 1-pixel font.
    assert.deepEqual(boxes(pages)[2][2], ["text", 0, 0, 2, 2, 1]);
  });

  test("a plan without the resize capability: 403 permission_denied, and no job or design is made", async () => {
    await setPlan(t, p.client.userId, "free");
    try {
      const [jobs, designs] = [await requestedJobCount(t), await db().design.count()];
      const response = await resize(campaign.id, { type: "custom", width: 800, height: 800 });
      assert.deepEqual([response.status, response.body.code], [403, "permission_denied"]);
      assert.match(response.body.message, /`resize` capability/);
      assert.deepEqual([await requestedJobCount(t), await db().design.count()], [jobs, designs]);
    } finally {
      await setPlan(t, p.client.userId, "pro");
    }
  });

  test("targets designs cannot be resized to, and a design_type missing or not an object: 400 bad_request_params (as documented); documents and malformed members: 400 invalid_field; no job", async () => {
    const doc = await t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Letter" }, { token });
    const jobs = await requestedJobCount(t);
    for (const [designId, designType, message, ...rest] of [
      [doc.body.design.id, { type: "custom", width: 800, height: 800 }, /Documents cannot be resized/],
      [campaign.id, { type: "preset", name: "doc" }, /resized into a document/, "bad_request_params"],
      [campaign.id, { type: "custom", width: 8000, height: 3126 }, /8000×3126: the resized area may be at most 25,000,000 square pixels/, "bad_request_params"],
      [campaign.id, { type: "custom", width: 8001, height: 100 }, /between 40 and 8000/],
      [campaign.id, { type: "custom", width: 800 }, /height is required/],
      [campaign.id, { type: "preset" }, /name is required/],
      [campaign.id, { type: "square" }, /./],
      [campaign.id, "custom", /design_type must be an object/, "bad_request_params"],
      [campaign.id, undefined, /design_type is required/, "bad_request_params"],
      [undefined, { type: "custom", width: 800, height: 800 }, /./],
      [{ id: campaign.id }, { type: "custom", width: 800, height: 800 }, /./],
      [campaign.id, { type: "custom", width: "wide", height: 800 }, /./],
      [campaign.id, { type: "custom", width: 2.5, height: 800 }, /./],
    ] as const) {
      const response = await resize(designId as string, designType);
      const code = (rest as readonly string[])[0] ?? "invalid_field";
      assert.deepEqual([response.status, response.body.code], [400, code], `${JSON.stringify(designType)}: ${response.text}`);
      assert.match(response.body.message, message);
    }
    assert.equal(await requestedJobCount(t), jobs);
  });

  test("the largest area allowed (5000×5000, 25,000,000 square pixels) is resized", async () => {
    const job = await resized(campaign.id, { type: "custom", width: 5000, height: 5000 });
    assert.deepEqual([job.status, job.result?.design.page_count], ["success", 3]);
  });

  test("another team's design, an unknown or a malformed id: 404 design_not_found", async () => {
    await setPlan(t, p.staff.userId, "enterprise");
    for (const [designId, as] of [[campaign.id, outsider], ["Dnope", token], ["not/an id", token]]) {
      const response = await resize(designId, { type: "custom", width: 800, height: 800 }, as);
      assert.deepEqual([response.status, response.body.code], [404, "design_not_found"], designId);
    }
  });
});

describe("resize jobs: who may see them", () => {
  test("another user's job id (even a teammate's), or an unknown one, is 404 (REST and GraphQL)", async () => {
    const created = await resize(campaign.id, { type: "custom", width: 640, height: 480 });
    const id = created.body.job.id;
    for (const [path, as] of [[`/v1/resizes/${id}`, outsider], [`/rest/v1/resizes/${id}`, teammate], ["/v1/resizes/nope", token]]) {
      const response = await t.http.get(path, { token: as });
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], path);
    }
    const graph = await t.http.graphql(`query($id: ID!) { designResizeJob(id: $id) { id } }`, { id }, outsider);
    assert.equal(graph.body.errors?.[0].extensions.code, "NOT_FOUND");
    assert.equal((await finishedJob(t.http, `/rest/v1/resizes/${id}`, token)).status, "success");
  });

  test("no token 401; without design:content:read or design:content:write 403 missing_scope", async () => {
    assert.equal((await t.http.post("/v1/resizes", { design_id: campaign.id, design_type: { type: "preset", name: "email" } })).status, 401);
    assert.equal((await t.http.get("/v1/resizes/abc")).status, 401);
    const writeOnly = await designScopedToken(t.http, p, p.client, "design:content:write");
    const readOnly = await designScopedToken(t.http, p, p.client, "design:content:read");
    for (const as of [metaOnly, writeOnly, readOnly]) {
      for (const response of [await resize(campaign.id, { type: "preset", name: "email" }, as), await t.http.get("/v1/resizes/abc", { token: as })]) {
        assert.deepEqual([response.status, response.body.code], [403, "missing_scope"]);
      }
    }
  });

  test("past the documented limit: 429 too_many_requests (resize create 20 a minute)", async () => {
    const limited = await designScopedToken(t.http, p, p.client);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await resize(campaign.id, { type: "preset", name: "doc" }, limited)).status);
    assert.deepEqual(statuses, [...Array(20).fill(400), 429]);
    const refused = await resize(campaign.id, { type: "preset", name: "doc" }, limited);
    assert.deepEqual(refused.body, { code: "too_many_requests", message: "Too many requests to createDesignResize" });
  });
});

const FOLLOW = `subscription($id: ID!) { designResizeJob(id: $id) { id status error { code } result { design { id title pageCount urls { viewUrl } } trialInformation { usesRemaining } } } }`;

describe("following a resize over graphql-ws through the gateway", () => {
  test("the creator sees the current state first, then success with the design; someone else's job is not found", async () => {
    const created = await t.http.graphql(
      `mutation($id: ID!) { createDesignResizeJob(designId: $id, designType: { type: custom, width: 300, height: 300 }) { id status } }`,
      { id: campaign.id },
      token,
    );
    assert.equal(created.body.errors, undefined, created.text);
    const { id } = created.body.data.createDesignResizeJob;
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, FOLLOW, { id });
    assert.deepEqual(await followed.ended, {});
    await client.dispose();
    const statuses = followed.results.map((result) => result.data.designResizeJob.status);
    assert.equal(statuses.at(-1), "success", JSON.stringify(followed.results));
    assert.ok(statuses.length <= 2 && (statuses.length === 1 || statuses[0] === "in_progress"));
    const { result } = followed.results.at(-1).data.designResizeJob;
    assert.deepEqual([result.design.title, result.design.pageCount, result.trialInformation], ["Spring campaign", 3, null]);

    const stranger = wsClient(t.http.baseUrl, outsider);
    const refused = follow(stranger, FOLLOW, { id });
    await refused.ended;
    await stranger.dispose();
    assert.equal(refused.results[0]?.errors?.[0]?.extensions?.code ?? "", "NOT_FOUND", JSON.stringify(refused.results));
  });
});

describe("the resize job handler", () => {
  const handle = () => resizeJobHandlers(db(), designContentBudgets(new Settings({})))[DESIGN_RESIZE];
  const jobFor = (id: string, designId: string) =>
    ({ id, ownerId: p.client.userId, input: { designId, teamId: "", target: { typeKind: "custom", preset: null, width: 100, height: 100 } } }) as any;

  test("an attempt resumed after an earlier one made the copy returns that copy and makes no other", async () => {
    const { teamId } = await db().teamMembership.findUniqueOrThrow({ where: { userId: p.client.userId } });
    const job = jobFor("resumed-job", campaign.id);
    job.input.teamId = teamId;
    const first = await handle()(job, new AbortController().signal);
    const designs = await db().design.count();
    assert.deepEqual(await handle()(job, new AbortController().signal), first);
    assert.equal(await db().design.count(), designs);
    assert.deepEqual(first, { designId: "DRresumed-job" });
  });

  test("a design deleted before the job ran fails it with design_resize_error", async () => {
    await assert.rejects(handle()(jobFor("orphan-job", "Dgone"), new AbortController().signal), (error: unknown) => error instanceof PermanentJobError && error.code === "design_resize_error");
  });
});
