// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { analyticsOnceCounted, assertMatchesSpec, openLink, specError, startAnalyticsPlatform, withinOneMinute } from "../../../testing/analytics.js";
import { designScopedToken, setPlan, type DesignPlatform } from "../../../testing/designs.js";

let d: DesignPlatform;
let design: { id: string; viewUrl: string };
const db = () => d.t.platform.runtime.db.prisma;
const recordedViews = () => db().designView.count();

/** The five operations on one design, as GET paths and the page-views POST. */
const OPERATIONS = (id: string) => [
  ["get", `/v1/designs/${id}/analytics`],
  ["get", `/v1/designs/${id}/analytics/viewers`],
  ["get", `/v1/designs/${id}/analytics/views-over-time`],
  ["post", `/v1/designs/${id}/analytics/page-views`],
  ["get", `/v1/designs/${id}/analytics/links`],
] as const;

function call(method: "get" | "post", path: string, token: string | undefined, body: unknown = { page_ids: ["P1"] }) {
  return method === "get" ? d.t.http.get(path, { token }) : d.t.http.post(path, body, { token });
}

/** The answer is `status` with `code` in the platform's error shape (never a 500). */
async function refused(answer: Promise<{ status: number; body: any; text: string }>, status: number, code: string, what: string) {
  const { status: got, body, text } = await answer;
  assert.equal(got, status, `${what}: ${text}`);
  assert.equal(body.code, code, `${what}: ${text}`);
  assertMatchesSpec(specError, body, what);
  return body;
}

async function createdDesign(token: string) {
  const created = await d.t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Private numbers" }, { token });
  assert.equal(created.status, 200, created.text);
  return { id: created.body.design.id as string, viewUrl: created.body.design.urls.view_url as string };
}

before(async () => {
  d = await startAnalyticsPlatform();
  design = await createdDesign(d.token);
  assert.equal((await openLink(d.t.http, design.viewUrl, "203.0.113.50")).status, 200);
  await analyticsOnceCounted(d.t.http, d.token, design.id, 1);
});
after(() => d.t.stop());

describe("who may read a design's analytics", () => {
  test("another team's design answers exactly as an unknown one: 404 design_not_found", async () => {
    for (const [method, path] of OPERATIONS(design.id)) {
      const theirs = await refused(call(method, path, d.outsider), 404, "design_not_found", `outsider ${method} ${path}`);
      const unknown = await refused(call(method, path.replace(design.id, "DUNKNOWN0000"), d.token), 404, "design_not_found", `unknown ${path}`);
      assert.deepEqual(theirs, unknown);
    }
  });

  test("no token 401, a token without design:content:read 403 missing_scope, a plan without analytics 403 permission_denied", async () => {
    for (const [method, path] of OPERATIONS(design.id)) {
      await refused(call(method, path, undefined), 401, "invalid_access_token", `anonymous ${path}`);
      await refused(call(method, path, d.metaOnly), 403, "missing_scope", `meta only ${path}`);
    }
    await setPlan(d.t, d.p.client.userId, "pro");
    try {
      for (const [method, path] of OPERATIONS(design.id)) await refused(call(method, path, d.token), 403, "permission_denied", `pro plan ${path}`);
    } finally {
      await setPlan(d.t, d.p.client.userId, "enterprise");
    }
  });

  test("a teammate reads the team's design; a malformed design id is 400 invalid_field", async () => {
    assert.equal((await d.t.http.get(`/v1/designs/${design.id}/analytics`, { token: d.teammate })).status, 200);
    await refused(d.t.http.get(`/v1/designs/${"D".repeat(51)}/analytics`, { token: d.token }), 400, "invalid_field", "too long an id");
    await refused(d.t.http.get(`/v1/designs/D%2A1/analytics/links`, { token: d.token }), 400, "invalid_field", "an id with *");
  });

  test("each operation keeps its documented limit: the 101st call in a minute is 429 too_many_requests", async () => {
    const fresh = await designScopedToken(d.t.http, d.p, d.p.client);
    const answers = await Promise.all(Array.from({ length: 101 }, () => d.t.http.get(`/v1/designs/${design.id}/analytics/links`, { token: fresh })));
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))].sort(), [200, 429]);
    assert.equal(answers.filter((answer) => answer.status === 429).length, 1);
    await refused(d.t.http.get(`/v1/designs/${design.id}/analytics/links`, { token: fresh }), 429, "too_many_requests", "past the limit");
    assert.equal((await d.t.http.get(`/v1/designs/${design.id}/analytics`, { token: fresh })).status, 200, "another operation keeps its own budget");
  });
});

describe("bad input is a 400 in the platform's shape and changes nothing", () => {
  test("time ranges, time zones, limits and links the spec does not allow", async () => {
    const before = await recordedViews();
    const now = Math.floor(Date.now() / 1000);
    const overTime = `/v1/designs/${design.id}/analytics/views-over-time`;
    const cases: Array<[string, string]> = [
      [`${overTime}?start_time=0`, "invalid_field"],
      [`${overTime}?start_time=${now - 367 * 86_400}&end_time=${now}`, "invalid_field"],
      [`${overTime}?start_time=${now}&end_time=${now - 60}`, "invalid_field"],
      [`${overTime}?start_time=0&end_time=99999999999`, "invalid_field"],
      [`${overTime}?start_time=abc`, "bad_query_params"],
      [`${overTime}?end_time=123456789012345678901234567890`, "bad_query_params"],
      [`${overTime}?start_time=1.5`, "bad_query_params"],
      [`${overTime}?timezone=%2B25:00`, "invalid_field"],
      [`${overTime}?timezone=Europe/Paris`, "invalid_field"],
      [`${overTime}?timezone=${"9".repeat(5000)}`, "invalid_field"],
      [`${overTime}?limit=0`, "invalid_field"],
      [`${overTime}?limit=101`, "invalid_field"],
      [`${overTime}?limit=1&limit=2`, "invalid_field"],
      [`/v1/designs/${design.id}/analytics/viewers?first_viewed_after=yesterday`, "bad_query_params"],
      [`/v1/designs/${design.id}/analytics/viewers?link_id=${"x".repeat(51)}`, "invalid_field"],
      [`/v1/designs/${design.id}/analytics/viewers?link_id=..%2F..%2Fadmin`, "invalid_field"],
      [`/v1/designs/${design.id}/analytics/links?limit=-1`, "invalid_field"],
    ];
    for (const [path, code] of cases) await refused(d.t.http.get(path, { token: d.token }), 400, code, path);
    assert.equal(await recordedViews(), before);
  });

  test("continuations: altered, or from another design, list or caller, are 400 invalid_field", async () => {
    const other = await createdDesign(d.token);
    for (const address of ["203.0.113.60", "203.0.113.61"]) assert.equal((await openLink(d.t.http, other.viewUrl, address)).status, 200);
    await analyticsOnceCounted(d.t.http, d.token, other.id, 2);
    const first = await d.t.http.get(`/v1/designs/${other.id}/analytics/viewers?limit=1`, { token: d.token });
    const token = first.body.continuation as string;
    assert.ok(token);
    const altered = `${token.slice(0, 3)}${token[3] === "A" ? "B" : "A"}${token.slice(4)}`;
    const attempts: Array<[string, string]> = [
      [`/v1/designs/${other.id}/analytics/viewers?continuation=${encodeURIComponent(altered)}`, d.token],
      [`/v1/designs/${design.id}/analytics/viewers?continuation=${encodeURIComponent(token)}`, d.token],
      [`/v1/designs/${other.id}/analytics/links?continuation=${encodeURIComponent(token)}`, d.token],
      [`/v1/designs/${other.id}/analytics/viewers?continuation=${encodeURIComponent(token)}`, d.teammate],
      [`/v1/designs/${other.id}/analytics/viewers?continuation=${"A".repeat(10_000)}`, d.token],
    ];
    for (const [path, as] of attempts) await refused(d.t.http.get(path, { token: as }), 400, "invalid_field", path.slice(0, 120));
  });

  test("page views: filters without their type or fields, too many or no page ids, huge or nested bodies", async () => {
    const before = await recordedViews();
    const path = `/v1/designs/${design.id}/analytics/page-views`;
    const cases: Array<[unknown, string]> = [
      [{ page_ids: ["P1"], filter: { type: "everyone" } }, "bad_request_body"],
      [{ page_ids: ["P1"], filter: { type: "by_link" } }, "bad_request_body"],
      [{ page_ids: ["P1"], filter: { type: "by_viewer", link_id: "L1" } }, "bad_request_body"],
      [{ page_ids: ["P1"], filter: ["by_link"] }, "bad_request_body"],
      [{ page_ids: ["P1"], filter: { type: "by_link", link_id: { nested: { deeper: [1, 2, 3] } } } }, "invalid_field"],
      [{ page_ids: Array.from({ length: 101 }, (_, i) => `P${i}`) }, "invalid_field"],
      [{ page_ids: [] }, "invalid_field"],
      [{}, "bad_request_body"],
      [{ page_ids: "P1" }, "bad_request_body"],
      [{ page_ids: ["P1"], limit: 1000 }, "invalid_field"],
      [{ page_ids: ["P1"], continuation: "nope" }, "invalid_field"],
      [{ page_ids: Array.from({ length: 100 }, () => "x".repeat(5000)) }, "invalid_field"],
    ];
    for (const [body, code] of cases) await refused(d.t.http.post(path, body, { token: d.token }), 400, code, JSON.stringify(body).slice(0, 120));
    await refused(d.t.http.post(path, { page_ids: ["P1"], padding: "x".repeat(3_000_000) }, { token: d.token }), 413, "bad_request_body", "a body over the limit");
    const raw = await fetch(new URL(path, d.t.http.baseUrl), { method: "POST", headers: { authorization: `Bearer ${d.token}`, "content-type": "application/json" }, body: "{not json" });
    assert.equal(raw.status, 400);
    assert.equal((await raw.json()).code, "bad_request_body");
    assert.equal(await recordedViews(), before);
  });
});

describe("the viewer under a flood, and when recording fails", () => {
  test("one viewer opening a link 70 times at once: one view, the viewer's limit answers 429 past 60, never a 500", async () => {
    const flooded = await createdDesign(d.token);
    await withinOneMinute();
    const answers = await Promise.all(Array.from({ length: 70 }, () => openLink(d.t.http, flooded.viewUrl, "192.0.2.99")));
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((status) => status === 200).length, 60, JSON.stringify(statuses));
    assert.equal(statuses.filter((status) => status === 429).length, 10);
    assert.deepEqual(await analyticsOnceCounted(d.t.http, d.token, flooded.id, 1), { total_view_count: 1, unique_view_count: 1 });
    assert.equal(await db().designView.count({ where: { designId: flooded.id } }), 1);
  });

  test("when views cannot be recorded the viewer still answers the page, and nothing is counted", async () => {
    const shown = await createdDesign(d.token);
    await db().$executeRawUnsafe(`ALTER TABLE design_views RENAME TO design_views_away`);
    try {
      const opened = await openLink(d.t.http, shown.viewUrl, "203.0.113.70");
      assert.equal(opened.status, 200);
      assert.match(await opened.text(), /Private numbers/);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await db().$executeRawUnsafe(`ALTER TABLE design_views_away RENAME TO design_views`);
    }
    assert.deepEqual(await analyticsOnceCounted(d.t.http, d.token, shown.id, 0), { total_view_count: 0, unique_view_count: 0 });
  });
});
