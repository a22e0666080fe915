import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { MIB, peakGrowth } from "../../../testing/memory.js";
import { pdfFile } from "../domain/encoders/pdf.js";
import { exportPlan } from "../domain/export-plan.js";

/** A4 pages of noise at 300 dpi (lossless): about 25 MiB a page in the file, whatever compression does. */
const PAGES = Array.from({ length: 6 }, (_v, i) => (i % 2 ? { width: 1123, height: 794 } : { width: 794, height: 1123 }));
const FORMAT = { type: "pdf", size: "a4", quality: "pro" } as const;

/** Exports the first `count` pages; what this process grew by meanwhile, and the file's size. */
async function exportNoise(count: number): Promise<{ growth: number; size: number }> {
  const pageSizes = PAGES.slice(0, count);
  const plan = exportPlan({ ...FORMAT, pages: null } as never, pageSizes, 40_000_000);
  const noise = randomBytes(2480 * 3508 * 3);
  const pages = { targets: plan.targets, draw: async (index: number) => sharp(noise, { raw: { ...plan.targets[index], channels: 3 } }) };
  let size = 0;
  let tail = Buffer.alloc(0);
  const growth = await peakGrowth(async () => {
    for await (const file of pdfFile(pages, { size: "a4", quality: "pro", pageSizes, title: "Noise" })) {
      for await (const chunk of file.bytes as AsyncIterable<Buffer>) {
        tail = Buffer.concat([tail, chunk]).subarray(-64);
        size += chunk.length;
      }
    }
  });
  assert.match(tail.toString("latin1"), /startxref\n\d+\n%%EOF\n$/);
  return { growth, size };
}

test("a PDF export is written page by page: six pages cost this process no more than two (pdf-lib held every page)", async () => {
  const two = await exportNoise(2);
  const six = await exportNoise(6);
  assert.ok(six.size > 140 * MIB && six.size > two.size * 2.5, `files of ${two.size} and ${six.size} bytes`);
  assert.ok(six.growth - two.growth < 40 * MIB, `two pages: +${(two.growth / MIB).toFixed(0)} MiB, six: +${(six.growth / MIB).toFixed(0)} MiB`);
});

test("the streamed PDF reads back: pages on the paper (landscape turned), title and creator, each page's image", async () => {
  const sizes = PAGES.slice(0, 2);
  const plan = exportPlan({ ...FORMAT, quality: "regular", pages: null } as never, sizes, 40_000_000);
  const colours = [{ r: 200, g: 30, b: 40 }, { r: 20, g: 40, b: 220 }];
  const pages = { targets: plan.targets, draw: async (index: number) => sharp({ create: { ...plan.targets[index], channels: 3, background: colours[index] } }) };
  const chunks: Buffer[] = [];
  for await (const file of pdfFile(pages, { size: "a4", quality: "regular", pageSizes: sizes, title: "Résumé (v2)" })) for await (const chunk of file.bytes as AsyncIterable<Buffer>) chunks.push(chunk);
  const pdf = await PDFDocument.load(Buffer.concat(chunks));
  assert.deepEqual([pdf.getTitle(), pdf.getCreator()], ["Résumé (v2)", "Design platform export"]);
  assert.deepEqual(pdf.getPages().map((page) => [page.getWidth(), page.getHeight()]), [[595.28, 841.89], [841.89, 595.28]]);
});
