// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { analyticsOnceCounted, assertMatchesSpec, openLink, specAnswer, startAnalyticsPlatform, withinOneMinute } from "../../../testing/analytics.js";
import type { DesignPlatform } from "../../../testing/designs.js";
import { statementsFor } from "../../../testing/statements.js";

let d: DesignPlatform;
/** The client's two-page design, its links, and its analytics paths' prefix. */
let design: { id: string; viewUrl: string; editUrl: string; pageIds: string[]; path: string };

const get = (path: string) => d.t.http.get(path, { token: d.token });

/** Every page of a list, following its continuation, each answer checked against the specification. */
async function everyPage(path: string, what: "viewers" | "views-over-time" | "links", separator = "?") {
  const validate = specAnswer("get", `/v1/designs/{designId}/analytics/${what}`);
  const items: any[] = [];
  let next: string | undefined = path;
  let pages = 0;
  while (next) {
    const answer = await get(next);
    assert.equal(answer.status, 200, answer.text);
    assertMatchesSpec(validate, answer.body, `GET ${next}`);
    items.push(...answer.body.items);
    pages++;
    next = answer.body.continuation ? `${design.path}/${what}${separator}continuation=${encodeURIComponent(answer.body.continuation)}` : undefined;
  }
  return { items, pages };
}

before(async () => {
  d = await startAnalyticsPlatform();
  const created = await d.t.http.post("/v1/designs", { design_type: { type: "preset", name: "presentation" }, title: "Quarterly" }, { token: d.token });
  assert.equal(created.status, 200, created.text);
  const { id, urls } = created.body.design;
  await d.t.platform.runtime.db.prisma.designPage.create({ data: { id: `P2${id}`.slice(0, 50), designId: id, index: 2, width: 1920, height: 1080 } });
  const pages = await get(`/v1/designs/${id}/pages`);
  design = { id, viewUrl: urls.view_url, editUrl: urls.edit_url, pageIds: pages.body.items.map((page: any) => page.id), path: `/v1/designs/${id}/analytics` };
  // Viewer A twice through the view link in one minute (one view), viewer B once, viewer A once through the edit link.
  await withinOneMinute();
  for (const [link, address] of [[design.viewUrl, "203.0.113.10"], [design.viewUrl, "203.0.113.10"], [design.viewUrl, "198.51.100.20"], [design.editUrl, "203.0.113.10"]]) {
    const opened = await openLink(d.t.http, link, address);
    assert.equal(opened.status, 200, await opened.text());
  }
});
after(() => d.t.stop());

describe("design analytics count the viewer's views and answer as the current specification shapes them", () => {
  test("GET …/analytics: views once per viewer and minute, viewers per address and link", async () => {
    const totals = await analyticsOnceCounted(d.t.http, d.token, design.id, 3);
    assert.deepEqual(totals, { total_view_count: 3, unique_view_count: 3 });
    assertMatchesSpec(specAnswer("get", "/v1/designs/{designId}/analytics"), totals, "GET …/analytics");
  });

  test("GET …/analytics/links: the view and the edit link with their views; GET …/viewers per link and across links", async () => {
    const { items: links } = await everyPage(`${design.path}/links`, "links");
    const byName = Object.fromEntries(links.map((link) => [link.name.split(",")[0], link]));
    assert.deepEqual(Object.keys(byName).sort(), ["Edit link", "View link"]);
    assert.match(byName["View link"].name, /^View link, valid until \d{4}-\d{2}-\d{2}$/);
    assert.deepEqual([byName["View link"].total_view_count, byName["View link"].unique_view_count], [2, 2]);
    assert.deepEqual([byName["Edit link"].total_view_count, byName["Edit link"].unique_view_count], [1, 1]);
    assert.ok(Math.abs(byName["View link"].last_viewed_at - Date.now() / 1000) < 120);

    const { items: everyone } = await everyPage(`${design.path}/viewers`, "viewers");
    assert.equal(everyone.length, 3);
    assert.deepEqual(everyone.map((viewer) => viewer.viewer_type).sort(), ["editor", "viewer", "viewer"]);
    for (const viewer of everyone) {
      assert.deepEqual([viewer.visibility, viewer.total_view_count, viewer.pages_viewed, viewer.user], ["anonymous", 1, 2, undefined]);
      assert.ok(viewer.first_viewed_at <= viewer.last_viewed_at);
    }
    const { items: throughView } = await everyPage(`${design.path}/viewers?link_id=${byName["View link"].link_id}`, "viewers", "?");
    assert.equal(throughView.length, 2);
    assert.ok(throughView.every((viewer) => viewer.viewer_type === "viewer"));
    const later = await get(`${design.path}/viewers?first_viewed_after=${Math.floor(Date.now() / 1000) + 120}`);
    assert.deepEqual(later.body, { items: [] });
  });

  test("GET …/analytics/viewers pages by limit with a continuation that carries the listing", async () => {
    const first = await get(`${design.path}/viewers?limit=2`);
    assert.equal(first.body.items.length, 2);
    assert.ok(first.body.continuation);
    const rest = await get(`${design.path}/viewers?limit=2&continuation=${encodeURIComponent(first.body.continuation)}`);
    assert.equal(rest.body.items.length, 1);
    assert.equal(rest.body.continuation, undefined);
    const ids = [...first.body.items, ...rest.body.items].map((viewer: any) => viewer.viewer_id);
    assert.equal(new Set(ids).size, 3);
    const link = (await get(`${design.path}/links`)).body.items.find((one: any) => one.name.startsWith("View")).link_id;
    const filtered = await get(`${design.path}/viewers?link_id=${link}&limit=1`);
    const continued = await get(`${design.path}/viewers?limit=1&continuation=${encodeURIComponent(filtered.body.continuation)}`);
    assert.equal(continued.status, 200, continued.text);
    assert.deepEqual(continued.body.items.map((viewer: any) => viewer.viewer_type), ["viewer"], "the continuation alone keeps the link filter");
    assert.equal(continued.body.continuation, undefined);
  });

  test("GET …/analytics/views-over-time: one bucket per day of the range, every day, the views on today's", async () => {
    const { items: days, pages } = await everyPage(`${design.path}/views-over-time?limit=10`, "views-over-time", "?limit=10&");
    assert.equal(pages, Math.ceil(days.length / 10));
    assert.ok(days.length === 31 || days.length === 32, String(days.length));
    assert.equal(days.reduce((sum, day) => sum + day.count, 0), 3);
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    assert.deepEqual(days.at(-1), { bucket_start_at: today, count: 3 });
    assert.ok(days.every((day, i) => i === 0 || day.bucket_start_at - days[i - 1].bucket_start_at === 86_400));

    const now = Math.floor(Date.now() / 1000);
    const eastern = await get(`${design.path}/views-over-time?start_time=${now - 3600}&end_time=${now + 60}&timezone=%2B10:00`);
    assert.equal(eastern.status, 200, eastern.text);
    assert.ok(eastern.body.items.every((day: any) => (day.bucket_start_at + 36_000) % 86_400 === 0), JSON.stringify(eastern.body));
    assert.equal(eastern.body.items.reduce((sum: number, day: any) => sum + day.count, 0), 3);
    const before = await get(`${design.path}/views-over-time?start_time=${now - 10 * 86_400}&end_time=${now - 5 * 86_400}`);
    assert.equal(before.body.items.reduce((sum: number, day: any) => sum + day.count, 0), 0);
  });

  test("POST …/analytics/page-views: the viewers shown each page, by link, for editors and for one viewer", async () => {
    const validate = specAnswer("post", "/v1/designs/{designId}/analytics/page-views");
    const pageViews = async (body: object) => {
      const answer = await d.t.http.post(`${design.path}/page-views`, body, { token: d.token });
      assert.equal(answer.status, 200, answer.text);
      assertMatchesSpec(validate, answer.body, `POST …/page-views ${JSON.stringify(body)}`);
      return answer.body;
    };
    const all = await pageViews({ page_ids: [...design.pageIds, "PNOTAPAGE"] });
    assert.deepEqual(all.items, design.pageIds.map((page_id) => ({ page_id, total_view_duration_seconds: 0, unique_view_count: 3 })));
    const links = (await get(`${design.path}/links`)).body.items;
    const viewLink = links.find((link: any) => link.name.startsWith("View")).link_id;
    assert.deepEqual((await pageViews({ page_ids: design.pageIds, filter: { type: "by_link", link_id: viewLink } })).items.map((page: any) => page.unique_view_count), [2, 2]);
    assert.deepEqual((await pageViews({ page_ids: design.pageIds, filter: { type: "for_editor" } })).items.map((page: any) => page.unique_view_count), [1, 1]);
    const viewer = (await get(`${design.path}/viewers`)).body.items[0].viewer_id;
    const one = await pageViews({ page_ids: design.pageIds, filter: { type: "by_viewer", viewer_id: viewer } });
    assert.deepEqual(one.items, design.pageIds.map((page_id) => ({ page_id, total_view_duration_seconds: 0 })));
    const first = await pageViews({ page_ids: design.pageIds, limit: 1 });
    assert.equal(first.items.length, 1);
    const second = await pageViews({ page_ids: design.pageIds, limit: 1, continuation: first.continuation });
    assert.deepEqual(second.items.map((page: any) => page.page_id), [design.pageIds[1]]);
  });

  test("the graph: Design.analytics beside the design's own fields", async () => {
    const answer = await d.t.http.graphql(`query($id: ID!) { design(id: $id) { title analytics { totalViewCount uniqueViewCount } } }`, { id: design.id }, d.token);
    assert.deepEqual(answer.body, { data: { design: { title: "Quarterly", analytics: { totalViewCount: 3, uniqueViewCount: 3 } } } });
  });

  test("a page of designs reads its analytics with the same number of statements whatever its length", async () => {
    for (const title of ["Second", "Third", "Fourth"]) await d.t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title }, { token: d.token });
    const listing = (limit: number) => `{ designs(limit: ${limit}) { items { id analytics { totalViewCount uniqueViewCount } } } }`;
    // The fewest of three runs: the platform's own background work (job workers polling) only ever adds statements.
    const fewest = async (limit: number) => {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await statementsFor(d.t, listing(limit), d.token));
      return { statements: Math.min(...runs.map((run) => run.statements)), data: runs[0].data };
    };
    const one = await fewest(1);
    const four = await fewest(4);
    assert.equal(four.data.designs.items.length, 4);
    assert.equal(four.statements, one.statements, `1 design: ${one.statements} statements, 4 designs: ${four.statements}`);
    assert.deepEqual(four.data.designs.items.find((item: any) => item.id === design.id).analytics, { totalViewCount: 3, uniqueViewCount: 3 });
  });

  test("an answer missing what the specification requires fails the check (the check can fail)", () => {
    assert.equal(specAnswer("get", "/v1/designs/{designId}/analytics/viewers")({ items: [{ viewer_id: "x", viewer_type: "viewer" }] }), false);
  });
});
