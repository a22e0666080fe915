// @tier contract
// @depends postgres
// @own-process: measures this process's memory while the largest content the budgets allow is copied and read back
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { finishedJob } from "../../../testing/assets.js";
import { startDesignPlatform, type DesignPlatform } from "../../../testing/designs.js";
import { longestHealthWait } from "../../../testing/health-watch.js";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";

let s: DesignPlatform;
before(async () => (s = await startDesignPlatform({}, [...DESIGN_DOMAINS, "merges"])));
after(() => s.t.stop());

const db = () => s.t.platform.runtime.db.prisma;
const EDIT = `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { version createdElementIds createdPageIds } }`;

async function graph(query: string, variables: Record<string, unknown>) {
  const response = await s.t.http.graphql(query, variables, s.token);
  assert.equal(response.body.errors, undefined, response.text.slice(0, 500));
  return response.body.data;
}

/** An edit the platform refuses: its first error's code and extensions. */
async function refusedEdit(id: string, ops: unknown[]) {
  const response = await s.t.http.graphql(EDIT, { id, ops }, s.token);
  assert.ok(response.body.errors?.length, response.text.slice(0, 300));
  return response.body.errors[0];
}

async function newDesign(): Promise<{ id: string; pageId: string }> {
  const created = await graph(`mutation { createDesign(input: { designType: { type: preset, name: presentation } }) { id pages { id } } }`, {});
  return { id: created.createDesign.id, pageId: created.createDesign.pages[0].id };
}

const shape = (pageId: string, i: number) => ({ addElement: { pageId, kind: "shape", x: i % 700, y: i % 500, width: 10, height: 10 } });
const textBox = (pageId: string, text: string) => ({ addElement: { pageId, kind: "text", x: 0, y: 0, width: 400, height: 300, text } });

/** A one-page design of `count` small shapes, written through `editDesign` (100 operations an edit at most). */
async function designOfShapes(count: number): Promise<string> {
  const { id, pageId } = await newDesign();
  for (let done = 0; done < count; done += 100) {
    await graph(EDIT, { id, ops: Array.from({ length: Math.min(100, count - done) }, (_, i) => shape(pageId, done + i)) });
  }
  return id;
}

const versionOf = async (id: string) => (await db().design.findUniqueOrThrow({ where: { id } })).version;
const copiesOf = (designId: string, times: number) => Array.from({ length: times }, () => ({ type: "insert_pages", source: { type: "design", design_id: designId, page_numbers: [1] } }));

describe("a merge is bounded by what its design may hold", () => {
  test("500 copies of a page of 480 shapes (240,000 elements): 413 before any job is made, the platform answering", async () => {
    const source = await designOfShapes(480);
    const jobsBefore = await db().job.count();
    const { longestMs } = await longestHealthWait(s.t.http.baseUrl, async () => {
      const response = await s.t.http.post("/v1/merges", { type: "create_new_design", title: "Bomb", operations: copiesOf(source, 500) }, { token: s.token });
      assert.deepEqual([response.status, response.body.code], [413, "bad_request_params"], response.text);
      assert.match(response.body.message, /240000 elements; a design holds at most 10000/);
    });
    assert.equal(await db().job.count(), jobsBefore, "no job was made");
    assert.ok(longestMs < 1000, `/healthz waited ${longestMs} ms`);
  });

  test("the largest merge allowed (20 copies of 500 shapes) is copied in bounded steps: /healthz within 1 s, memory within 256 MiB", async () => {
    const source = await designOfShapes(500);
    let job: any;
    const growth = await peakGrowth(async () => {
      const { longestMs } = await longestHealthWait(s.t.http.baseUrl, async () => {
        const created = await s.t.http.post("/v1/merges", { type: "create_new_design", title: "Largest", operations: copiesOf(source, 20) }, { token: s.token });
        assert.equal(created.status, 200, created.text);
        job = await finishedJob(s.t.http, `/v1/merges/${created.body.job.id}`, s.token, 60_000);
      });
      assert.ok(longestMs < 1000, `/healthz waited ${longestMs} ms while 10,000 elements were copied`);
      console.log(`largest merge (10,000 elements): /healthz waited ${longestMs.toFixed(0)} ms at most`);
    });
    console.log(`largest merge (10,000 elements): memory +${(growth / MIB).toFixed(0)} MiB`);
    assert.equal(job.status, "success", JSON.stringify(job));
    const elements = await db().designElement.count({ where: { page: { designId: job.result.design.id } } });
    assert.equal(elements, 10_000);
    assert.ok(growth < 256 * MIB, `memory grew ${(growth / MIB).toFixed(0)} MiB`);
  });

  test("a design stored past the budgets (before they existed) is not copied: BAD_USER_INPUT, nothing made", async () => {
    const { id, pageId } = await newDesign();
    for (let page = 0; page < 3; page++) {
      const target = page === 0 ? pageId : (await db().designPage.create({ data: { id: `Plegacy${page}${id}`.slice(0, 50), designId: id, index: page + 1, width: 800, height: 600 } })).id;
      await db().designElement.createMany({ data: Array.from({ length: 4000 }, (_, i) => ({ id: `E${page}x${i}${id}`.slice(0, 50), pageId: target, kind: "shape" as const, x: 0, y: 0, width: 5, height: 5, z: i })) });
    }
    const designsBefore = await db().design.count();
    const response = await s.t.http.graphql(`mutation($id: ID!) { copyDesign(designId: $id) { id } }`, { id }, s.token);
    assert.deepEqual([response.body.errors?.[0]?.extensions?.code, response.body.errors?.[0]?.extensions?.reason], ["BAD_USER_INPUT", "DESIGN_CONTENT_LIMIT"], response.text);
    assert.match(response.body.errors![0].message, /12000 elements; a design holds at most 10000/);
    assert.equal(await db().design.count(), designsBefore);
  });
});

describe("what one design holds is bounded when it is written", () => {
  test("a text box of 2,001 lines (the render bomb's) is refused, and 11 boxes of 10,000 characters on one page are; nothing changed", async () => {
    const { id, pageId } = await newDesign();
    const lines = await refusedEdit(id, [textBox(pageId, "l\n".repeat(2000) + "last")]);
    assert.deepEqual([lines.extensions.code, lines.extensions.reason, lines.extensions.budget], ["BAD_USER_INPUT", "DESIGN_CONTENT_LIMIT", "textLinesPerPage"]);
    const long = "x".repeat(10_000);
    const text = await refusedEdit(id, Array.from({ length: 11 }, () => textBox(pageId, long)));
    assert.deepEqual([text.extensions.reason, text.extensions.budget], ["DESIGN_CONTENT_LIMIT", "textPerPage"]);
    assert.match(text.message, /110000 characters of text; a page holds at most 100000/);
    assert.equal(await versionOf(id), 0);
    assert.equal(await db().designElement.count({ where: { page: { designId: id } } }), 0);
  });

  test("an edit recorded as more than 256 KB (99 texts of 10,000 characters on 99 pages) is refused: split it", async () => {
    const { id, pageId } = await newDesign();
    const { editDesign: pages } = await graph(EDIT, { id, ops: Array.from({ length: 98 }, () => ({ addPage: {} })) });
    const pageIds = [pageId, ...pages.createdPageIds];
    const { editDesign: added } = await graph(EDIT, { id, ops: pageIds.map((page) => textBox(page, "x")) });
    const refused = await refusedEdit(id, added.createdElementIds.map((elementId: string) => ({ updateElement: { elementId, text: "y".repeat(10_000) } })));
    assert.deepEqual([refused.extensions.reason, refused.extensions.budget], ["DESIGN_CONTENT_LIMIT", "editBytes"]);
    assert.equal(await versionOf(id), 2);
    assert.equal(await db().designElement.count({ where: { page: { designId: id }, text: "x" } }), 99, "no text was changed");
  });
});

describe("an edit history is read back in bounded answers", () => {
  /** 25 pages of one text box each, then `edits` edits of 25 texts of 10,000 characters (about 250 KB each). */
  async function heavyHistory(edits: number): Promise<string> {
    const { id, pageId } = await newDesign();
    const { editDesign: pages } = await graph(EDIT, { id, ops: Array.from({ length: 24 }, () => ({ addPage: {} })) });
    const { editDesign: added } = await graph(EDIT, { id, ops: [pageId, ...pages.createdPageIds].map((page) => textBox(page, "x")) });
    for (let edit = 0; edit < edits; edit++) {
      const text = String.fromCharCode(97 + (edit % 26)).repeat(10_000);
      await graph(EDIT, { id, ops: added.createdElementIds.map((elementId: string) => ({ updateElement: { elementId, text } })) });
    }
    return id;
  }

  test("ten aliases of designEdits over 30 heavy edits: refused by their cost with a large limit, by the answer's 4 MB without one; /healthz within 1 s", async () => {
    const id = await heavyHistory(30);
    const aliases = (count: number, limit: string) => Array.from({ length: count }, (_, i) => `a${i}: designEdits(designId: $id, sinceVersion: 2${limit}) { version operations { updateElement { text } } }`).join(" ");
    const costly = await s.t.http.graphql(`query($id: ID!, $l: Int) { ${aliases(10, ", limit: $l")} }`, { id, l: 100 }, s.token);
    assert.equal(costly.body.errors?.[0]?.extensions?.code, "OPERATION_TOO_LARGE", costly.text.slice(0, 300));
    let response: any;
    const { longestMs } = await longestHealthWait(s.t.http.baseUrl, async () => {
      response = await s.t.http.graphql(`query($id: ID!) { ${aliases(10, "")} }`, { id }, s.token);
    });
    assert.equal(response.body.data, null);
    assert.ok(response.body.errors.some((error: any) => error.extensions?.code === "PAYLOAD_TOO_LARGE"), response.text.slice(0, 400));
    assert.ok(response.text.length < 64 * 1024, `answer of ${response.text.length} bytes`);
    assert.ok(longestMs < 1000, `/healthz waited ${longestMs} ms`);
    console.log(`ten aliases of designEdits over 30 heavy edits: ${response.text.length} bytes answered, /healthz waited ${longestMs.toFixed(0)} ms at most`);

    const four = await s.t.http.graphql(`query($id: ID!) { ${aliases(4, "")} }`, { id }, s.token);
    assert.equal(four.body.errors, undefined, four.text.slice(0, 300));
    for (const page of Object.values(four.body.data) as { version: number }[][]) {
      assert.deepEqual([page[0].version, page.length], [3, 4], "each page starts where asked and carries at most 1 MB");
    }
    assert.ok(four.text.length < 4.5 * MIB, `answer of ${four.text.length} bytes`);
  });

  test("asking again from the last version given reads every edit, in order, one bounded page at a time", async () => {
    const id = await heavyHistory(9);
    const read: number[] = [];
    let since = 2;
    for (let pages = 0; pages < 20; pages++) {
      const { designEdits } = await graph(`query($id: ID!, $since: Int!) { designEdits(designId: $id, sinceVersion: $since) { version } }`, { id, since });
      if (designEdits.length === 0) break;
      assert.ok(designEdits.length <= 4, `a page of ${designEdits.length} heavy edits`);
      read.push(...designEdits.map((edit: { version: number }) => edit.version));
      since = read.at(-1)!;
    }
    assert.deepEqual(read, Array.from({ length: 9 }, (_, i) => i + 3));
  });

  test("designChanged shares the request's 4 MB with designEdits", async () => {
    const id = await heavyHistory(5);
    const pages = Array.from({ length: 4 }, (_, i) => `e${i}: designEdits(designId: $id, sinceVersion: 2) { version }`).join(" ");
    const alone = await s.t.http.graphql(`query($id: ID!) { ${pages} }`, { id }, s.token);
    assert.equal(alone.body.errors, undefined, alone.text.slice(0, 300));
    const changed = `c0: designChanged(designId: $id, version: "7") { version } c1: designChanged(designId: $id, version: "6") { version }`;
    const response = await s.t.http.graphql(`query($id: ID!) { ${pages} ${changed} }`, { id }, s.token);
    const codes = response.body.errors?.map((error: any) => error.extensions?.code) ?? [];
    assert.ok(codes.length > 0 && codes.every((code: string) => code === "PAYLOAD_TOO_LARGE"), response.text.slice(0, 400));
  });

  test("a history past 8 MB forgets its oldest edits (reading from them is GONE); what is kept is counted exactly", async () => {
    const id = await heavyHistory(36);
    const design = await db().design.findUniqueOrThrow({ where: { id } });
    const kept = await db().designEdit.aggregate({ where: { designId: id }, _sum: { bytes: true }, _min: { version: true }, _count: true });
    assert.equal(design.editBytesKept, kept._sum.bytes);
    assert.ok(design.editBytesKept <= 8 * MIB, `${design.editBytesKept} bytes kept`);
    assert.ok(kept._min.version! > 3, "the oldest edits are forgotten");
    const gone = await s.t.http.graphql(`query($id: ID!) { designEdits(designId: $id, sinceVersion: 0) { version } }`, { id }, s.token);
    assert.equal(gone.body.errors?.[0]?.extensions?.code, "GONE", gone.text);
  });
});
