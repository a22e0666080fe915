// @tier unit
// @own-process: measures this process's memory, which files run before it in a shared process would change
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { test } from "node:test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { heldMemory, MIB } from "../../../testing/memory.js";
import { pdfFile } from "../domain/encoders/pdf.js";
import { exportPlan } from "../domain/export-plan.js";

/** A4 pages of noise at 300 dpi (lossless): about 25 MiB a page in the file, whatever compression does. */
const PAGES = Array.from({ length: 6 }, (_v, i) => (i % 2 ? { width: 1123, height: 794 } : { width: 794, height: 1123 }));
const FORMAT = { type: "pdf", size: "a4", exportQuality: "pro" } as const;
const BUDGET = { maxPixels: 40_000_000, maxTotalPixels: 100_000_000 };

test("a PDF export is written page by page: what the process holds stays flat from page to page (pdf-lib held every page)", async () => {
  const plan = exportPlan({ ...FORMAT, pages: null } as never, PAGES, BUDGET);
  const noise = randomBytes(2480 * 3508 * 3);
  const held: number[] = [];
  const pages = {
    targets: plan.targets,
    draw: async (index: number) => {
      held.push(heldMemory());
      return { image: sharp(noise, { raw: { ...plan.targets[index], channels: 3 } }), done: () => {} };
    },
  };
  let size = 0;
  let tail = Buffer.alloc(0);
  for await (const file of pdfFile(pages, { size: "a4", quality: "pro", pageSizes: PAGES, title: "Noise" })) {
    for await (const chunk of file.bytes as AsyncIterable<Buffer>) {
      tail = Buffer.concat([tail, chunk]).subarray(-64);
      size += chunk.length;
    }
  }
  const mib = held.map((bytes) => Math.round((bytes - held[1]) / MIB));
  assert.ok(held[5] - held[1] < 32 * MIB, `held before each page, against the second: ${mib.join(", ")} MiB`);
  assert.ok(size > 140 * MIB, `the file is ${(size / MIB).toFixed(0)} MiB`);
  assert.match(tail.toString("latin1"), /startxref\n\d+\n%%EOF\n$/);
});

test("the streamed PDF reads back: pages on the paper (landscape turned), title and creator, each page's image", async () => {
  const sizes = PAGES.slice(0, 2);
  const plan = exportPlan({ ...FORMAT, exportQuality: "regular", pages: null } as never, sizes, BUDGET);
  const colours = [{ r: 200, g: 30, b: 40 }, { r: 20, g: 40, b: 220 }];
  const pages = { targets: plan.targets, draw: async (index: number) => ({ image: sharp({ create: { ...plan.targets[index], channels: 3, background: colours[index] } }), done: () => {} }) };
  const chunks: Buffer[] = [];
  for await (const file of pdfFile(pages, { size: "a4", quality: "regular", pageSizes: sizes, title: "Résumé (v2)" })) for await (const chunk of file.bytes as AsyncIterable<Buffer>) chunks.push(chunk);
  const pdf = await PDFDocument.load(Buffer.concat(chunks));
  assert.deepEqual([pdf.getTitle(), pdf.getCreator()], ["Résumé (v2)", "Design platform export"]);
  assert.deepEqual(pdf.getPages().map((page) => [page.getWidth(), page.getHeight()]), [[595.28, 841.89], [841.89, 595.28]]);
});

test("a page that fails to draw fails the export (and leaves no file behind, its render's turn ended) instead of leaving it waiting", { timeout: 10_000 }, async () => {
  const sizes = PAGES.slice(0, 2);
  const plan = exportPlan({ ...FORMAT, pages: null } as never, sizes, BUDGET);
  let turns = 0;
  const pages = { targets: plan.targets, draw: async () => (turns++, { image: sharp(Buffer.from("not an image")), done: () => turns-- }) };
  const folders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith("pdf-export-"));
  const before = await folders();
  const exported = (async () => {
    for await (const file of pdfFile(pages, { size: "a4", quality: "pro", pageSizes: sizes, title: "Broken" })) for await (const _chunk of file.bytes as AsyncIterable<Buffer>);
  })();
  await assert.rejects(exported, /unsupported image format|Input buffer/i);
  assert.equal(turns, 0, "every turn taken was ended");
  assert.deepEqual((await folders()).filter((name) => !before.includes(name)), []);
});
