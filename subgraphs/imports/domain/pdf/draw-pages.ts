import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, PasswordException, VerbosityLevel, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { invalidFile } from "../import-jobs.js";
import type { PdfBudget, PdfEvent, PdfJob, PdfPage } from "./budget.js";

/** PDF sizes are in points (1/72 inch); design pages in CSS pixels (1/96 inch): 1 pt = 4/3 px. */
export const PX_PER_POINT = 96 / 72;

/** pdf.js's own data (standard fonts, character maps, WASM decoders) read from its package on disk: nothing is fetched. */
const PDFJS_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.resolve("pdfjs-dist"))));
const DATA = {
  standardFontDataUrl: `${path.join(PDFJS_ROOT, "standard_fonts")}/`,
  cMapUrl: `${path.join(PDFJS_ROOT, "cmaps")}/`,
  cMapPacked: true,
  wasmUrl: `${path.join(PDFJS_ROOT, "wasm")}/`,
};

/**
 * pdf.js drops an image past `maxImageSize` without decoding it and says so only as a warning (it
 * prints warnings on the console); the decoder process notes it, so the page fails instead of
 * silently losing the image.
 */
const OVERSIZED_IMAGE = "Image exceeded maximum allowed size";
let oversizedImages = 0;
for (const level of ["log", "warn"] as const) {
  const print = console[level];
  console[level] = (...parts: unknown[]) => {
    if (parts.some((part) => typeof part === "string" && part.includes(OVERSIZED_IMAGE))) oversizedImages++;
    else print(...parts);
  };
}

async function open(file: string, budget: PdfBudget): Promise<{ pdf: PDFDocumentProxy; close: () => Promise<void> }> {
  const task = getDocument({
    data: new Uint8Array(await readFile(file)),
    maxImageSize: budget.maxImagePixels,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.WARNINGS,
    ...DATA,
  });
  try {
    return { pdf: await task.promise, close: () => task.destroy() };
  } catch (error) {
    await task.destroy();
    if (error instanceof PasswordException) throw invalidFile("The PDF is password-protected: remove the password and import it again");
    throw invalidFile("The PDF could not be read: it is damaged or incomplete");
  }
}

/** Every page's size, checked against the page and whole-import budgets before anything is drawn. */
async function measure(pdf: PDFDocumentProxy, budget: PdfBudget): Promise<PdfPage[]> {
  if (pdf.numPages > budget.maxPages) throw invalidFile(`The PDF has ${pdf.numPages} pages: at most ${budget.maxPages} can be imported`);
  const pages: PdfPage[] = [];
  let drawnPixels = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number).catch(() => {
      throw invalidFile(`Page ${number} of the PDF could not be read: the file is damaged or incomplete`);
    });
    const { width, height } = page.getViewport({ scale: PX_PER_POINT });
    page.cleanup();
    const size = { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
    if (size.width * size.height > budget.maxPagePixels) {
      throw invalidFile(`Page ${number} of the PDF is ${size.width} × ${size.height} pixels: at most ${budget.maxPagePixels} pixels a page (IMPORT_PDF_MAX_PAGE_PIXELS)`);
    }
    drawnPixels += Math.min(size.width * size.height, budget.renderPixels);
    if (drawnPixels > budget.maxTotalPixels) {
      throw invalidFile(`The PDF's pages would be drawn at more than ${budget.maxTotalPixels} pixels in all (IMPORT_PDF_MAX_TOTAL_PIXELS)`);
    }
    pages.push(size);
  }
  return pages;
}

/** The page drawn as a PNG, at its size or, past the render budget, at the largest scale within it. */
async function draw(pdf: PDFDocumentProxy, number: number, size: PdfPage, budget: PdfBudget): Promise<Buffer> {
  const shrink = Math.min(1, Math.sqrt(budget.renderPixels / (size.width * size.height)));
  const page = await pdf.getPage(number);
  const before = oversizedImages;
  try {
    const viewport = page.getViewport({ scale: PX_PER_POINT * shrink });
    const canvas = createCanvas(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    if (oversizedImages === before) return await canvas.encode("png");
  } catch {
    throw invalidFile(`Page ${number} of the PDF could not be drawn: the file is damaged or incomplete`);
  } finally {
    page.cleanup();
  }
  throw invalidFile(`Page ${number} of the PDF holds an image of more than ${budget.maxImagePixels} pixels (IMPORT_PDF_MAX_IMAGE_PIXELS)`);
}

/** Reads the PDF within its budget, sends the pages' sizes, then draws each page to a PNG file in `outputDir`. */
export async function drawPdfPages(job: PdfJob, emit: (event: PdfEvent) => Promise<void>): Promise<void> {
  const { pdf, close } = await open(job.file, job.budget);
  try {
    const pages = await measure(pdf, job.budget);
    await emit({ kind: "pages", pages });
    for (const [index, size] of pages.entries()) {
      const file = path.join(job.outputDir, `page-${index + 1}.png`);
      await writeFile(file, await draw(pdf, index + 1, size, job.budget));
      await emit({ kind: "drawn", number: index + 1, file });
    }
  } finally {
    await close();
  }
}
