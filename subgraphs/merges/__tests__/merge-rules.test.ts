// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Job } from "../../../generated/prisma/client.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import { MERGE_RECORD_LIFETIME_MS, sweepMergeRecords } from "../domain/housekeeping.js";
import { mergeJobHandlers } from "../domain/job-handlers.js";
import { mergedLayout, type MergeOperation } from "../domain/layout.js";
import { DESIGN_MERGE, type MergeInput } from "../domain/merge-jobs.js";
import { DESIGN_EDIT_EVENTS, designContentBudgets } from "../../designs/public.js";
import { Settings } from "../../../lib/settings.js";

let merges: DomainUnderTest<unknown>;
before(async () => (merges = await domainUnderTest("merges")));
after(() => merges?.stop());

const TEAM = "Tmerges";
let designs = 0;

/** A design of TEAM whose pages each hold one text naming it (`<label><n>`). */
async function design(label: string, pages: number): Promise<string> {
  const id = `D${label}${++designs}`;
  await merges.db.design.create({
    data: {
      id, title: label, titleKey: label.toLowerCase(), ownerId: 1, teamId: TEAM, typeKind: "custom",
      pages: { create: Array.from({ length: pages }, (_, index) => ({ id: `${id}p${index + 1}`, index: index + 1, width: 100, height: 100, elements: { create: [{ id: `${id}e${index + 1}`, kind: "text" as const, x: 0, y: 0, width: 10, height: 10, z: 0, text: `${label}${index + 1}`, fontSize: 10, color: "#000000" }] } })) },
    },
  });
  return id;
}

const labels = async (designId: string) =>
  (await merges.db.designPage.findMany({ where: { designId }, orderBy: { index: "asc" }, include: { elements: true } })).map((page) => page.elements[0]?.text);

const insert = (designId: string, pageNumbers: number[] | null = null, afterPageNumber: number | null = null): MergeOperation => ({ type: "insert_pages", source: { designId, pageNumbers }, afterPageNumber });

function job(id: string, input: Omit<MergeInput, "teamId">): Job {
  return { id, kind: DESIGN_MERGE, ownerId: 1, input: { ...input, teamId: TEAM } } as unknown as Job;
}

const run = (merge: Job) => mergeJobHandlers(merges.db, merges.runtime.bus, designContentBudgets(new Settings({})))[DESIGN_MERGE](merge, new AbortController().signal);

describe("the merged layout (each step on the pages the one before left)", () => {
  const counts = (id: string) => ({ S: 3 })[id] ?? 0;
  const pages = (refs: { designId: string; pageNumber: number }[]) => refs.map((ref) => `${ref.designId}${ref.pageNumber}`);
  const start = [1, 2, 3, 4].map((pageNumber) => ({ designId: "T", pageNumber }));

  test("insert at the end by default, at 0 or after a page; move after a page as the pages were before the move; delete", () => {
    assert.deepEqual(pages(mergedLayout([], [insert("S", [2]), insert("S", null, 0), insert("S", [1], 2)], counts)), ["S1", "S2", "S1", "S3", "S2"]);
    assert.deepEqual(pages(mergedLayout(start, [{ type: "move_pages", fromPageNumbers: [1, 3], toAfterPageNumber: 2 }], counts)), ["T2", "T1", "T3", "T4"]);
    assert.deepEqual(pages(mergedLayout(start, [{ type: "move_pages", fromPageNumbers: [4], toAfterPageNumber: 0 }], counts)), ["T4", "T1", "T2", "T3"]);
    assert.deepEqual(pages(mergedLayout(start, [{ type: "delete_pages", pageNumbers: [4, 1] }], counts)), ["T2", "T3"]);
  });

  test("a page past the end, a position past the end, a page twice, no page left: refused in the platform's words", () => {
    const refused = (operations: MergeOperation[], message: RegExp) => assert.throws(() => mergedLayout(start, operations, counts), (error: Error) => message.test(error.message));
    refused([insert("S", [4])], /^Page number 4 is out of range \(design has 3 pages\)$/);
    refused([insert("S", null, 5)], /^Page number 5 is out of range \(design has 4 pages\)$/);
    refused([{ type: "delete_pages", pageNumbers: [2, 2] }], /named twice/);
    refused([{ type: "delete_pages", pageNumbers: [1, 2, 3] }, { type: "delete_pages", pageNumbers: [2] }], /Page number 2 is out of range \(design has 1 pages\)/);
    refused([{ type: "delete_pages", pageNumbers: [1, 2, 3, 4] }], /no pages left/);
  });
});

describe("the merge job handler, against the database", () => {
  test("a job resumed after it changed a design returns the same design and changes nothing again", async () => {
    const target = await design("T", 2);
    const source = await design("S", 1);
    const merge = job("resumed-modify", { type: "modify_existing_design", designId: target, title: null, operations: [insert(source)] });
    assert.deepEqual(await run(merge), { designId: target });
    assert.deepEqual(await run(merge), { designId: target });
    assert.deepEqual(await labels(target), ["T1", "T2", "S1"]);
  });

  test("a merge into a design is its next version, recorded and announced as an edit its followers apply like any other", async () => {
    const target = await design("E", 2);
    const source = await design("F", 1);
    const announced: unknown[] = [];
    const unsubscribe = await merges.runtime.bus.subscribe(DESIGN_EDIT_EVENTS, (event: { designId: string }) => void (event.designId === target && announced.push(event)));
    const merge = job("announced", { type: "modify_existing_design", designId: target, title: "Merged", operations: [insert(source)] });
    await run(merge);
    await run(merge);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await unsubscribe();
    assert.deepEqual(announced, [{ designId: target, version: 1 }], "once, though the job ran twice");
    const [edit] = await merges.db.designEdit.findMany({ where: { designId: target } });
    const pages = await merges.db.designPage.findMany({ where: { designId: target }, orderBy: { index: "asc" }, include: { elements: true } });
    const kinds = (edit.operations as Record<string, unknown>[]).map((operation) => Object.keys(operation)[0]);
    assert.deepEqual(kinds, ["addPage", "addElement", "addPage", "addElement", "addPage", "addElement", "deletePage", "deletePage", "setTitle"]);
    assert.deepEqual((edit.operations as { addPage?: { pageId: string; index: number } }[]).flatMap((operation) => (operation.addPage ? [operation.addPage] : [])).map((added) => added.pageId), pages.map((page) => page.id));
    assert.deepEqual(edit.changedElementIds, pages.map((page) => page.elements[0].id));
    assert.deepEqual(edit.removedElementIds, [`${target}e1`, `${target}e2`]);
    assert.equal((await merges.db.design.findUniqueOrThrow({ where: { id: target } })).version, 1);
  });

  test("a design's own pages inserted into it are copies of its pages as they were before the job", async () => {
    const target = await design("O", 2);
    const merge = job("own-pages", { type: "modify_existing_design", designId: target, title: null, operations: [insert(target, [2, 1], 0), { type: "delete_pages", pageNumbers: [4] }] });
    assert.deepEqual(await run(merge), { designId: target });
    assert.deepEqual(await labels(target), ["O2", "O1", "O1"]);
  });

  test("a resumed new-design job finds the design an earlier attempt made", async () => {
    const source = await design("S", 2);
    const merge = job("resumed-create", { type: "create_new_design", designId: null, title: "New", operations: [insert(source)] });
    const count = await merges.db.design.count();
    assert.deepEqual(await run(merge), { designId: "DMresumed-create" });
    assert.deepEqual(await run(merge), { designId: "DMresumed-create" });
    assert.equal(await merges.db.design.count(), count + 1);
  });

  test("a source deleted, or pages that no longer fit the operations, before the job ran: it fails and changes nothing", async () => {
    const gone = job("gone-source", { type: "create_new_design", designId: null, title: "New", operations: [insert("Dgone")] });
    await assert.rejects(run(gone), (error) => error instanceof PermanentJobError && error.code === "create_design_error");
    const target = await design("T", 2);
    const shrunk = job("shrunk-target", { type: "modify_existing_design", designId: target, title: "Renamed", operations: [{ type: "delete_pages", pageNumbers: [3] }] });
    await assert.rejects(run(shrunk), (error) => error instanceof PermanentJobError && error.code === "modify_design_error" && /out of range/.test(error.message));
    assert.deepEqual([await labels(target), (await merges.db.design.findUniqueOrThrow({ where: { id: target } })).title], [["T1", "T2"], "T"]);
  });

  test("sources that grew past the design budgets after the merge was asked for: the job fails before copying, changing nothing", async () => {
    const source = await design("G", 1);
    await merges.db.designElement.createMany({ data: Array.from({ length: 479 }, (_, i) => ({ id: `${source}s${i}`, pageId: `${source}p1`, kind: "shape" as const, x: 0, y: 0, width: 5, height: 5, z: i + 1 })) });
    const copies = Array.from({ length: 500 }, () => insert(source, [1]));
    const count = await merges.db.design.count();
    const started = Date.now();
    const grown = job("grown-sources", { type: "create_new_design", designId: null, title: "Bomb", operations: copies });
    await assert.rejects(run(grown), (error) => error instanceof PermanentJobError && error.code === "create_design_error" && /240000 elements; a design holds at most 10000/.test(error.message));
    const target = await design("U", 1);
    const into = job("grown-into", { type: "modify_existing_design", designId: target, title: null, operations: copies.slice(0, 499) });
    await assert.rejects(run(into), (error) => error instanceof PermanentJobError && error.code === "modify_design_error" && /elements; a design holds at most 10000/.test(error.message));
    assert.ok(Date.now() - started < 5000, `refused after ${Date.now() - started} ms`);
    assert.equal(await merges.db.design.count(), count + 1);
    assert.deepEqual([await labels(target), (await merges.db.design.findUniqueOrThrow({ where: { id: target } })).version], [["U1"], 0]);
  });

  test("merges into one design at the same moment run one after another: every insert lands", async () => {
    const target = await design("R", 1);
    const sources = await Promise.all([1, 2, 3, 4].map((n) => design(`S${n}x`, 1)));
    await Promise.all(sources.map((source, n) => run(job(`race-${n}`, { type: "modify_existing_design", designId: target, title: null, operations: [insert(source)] }))));
    const after = await labels(target);
    assert.equal(after.length, 5);
    assert.deepEqual([...after].sort(), ["R1", "S1x1", "S2x1", "S3x1", "S4x1"]);
  });

  test("the records of merges are swept a week after the change, not before", async () => {
    const target = await design("W", 1);
    await run(job("swept", { type: "modify_existing_design", designId: target, title: null, operations: [insert(target)] }));
    const recorded = await merges.db.designMerge.findUniqueOrThrow({ where: { jobId: "swept" } });
    await sweepMergeRecords(merges.db, recorded.createdAt.getTime() + MERGE_RECORD_LIFETIME_MS - 1000);
    assert.ok(await merges.db.designMerge.findUnique({ where: { jobId: "swept" } }));
    await sweepMergeRecords(merges.db, recorded.createdAt.getTime() + MERGE_RECORD_LIFETIME_MS + 1000);
    assert.equal(await merges.db.designMerge.findUnique({ where: { jobId: "swept" } }), null);
  });
});
