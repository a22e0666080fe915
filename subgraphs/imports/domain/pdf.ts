import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, PasswordException, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { invalidFile } from "./import-jobs.js";

/** PDF sizes are in points (1/72 inch); design pages in CSS pixels (1/96 inch): 1 pt = 4/3 px. */
export const PX_PER_POINT = 96 / 72;

/** A rendered page is never larger than this many pixels (a larger page is rendered at a smaller scale). */
const MAX_RENDER_PIXELS = 25_000_000;

/** pdf.js's own data (standard fonts, character maps, WASM decoders) read from its package on disk: nothing is fetched. */
const PDFJS_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.resolve("pdfjs-dist"))));
const DATA = {
  standardFontDataUrl: `${path.join(PDFJS_ROOT, "standard_fonts")}/`,
  cMapUrl: `${path.join(PDFJS_ROOT, "cmaps")}/`,
  cMapPacked: true,
  wasmUrl: `${path.join(PDFJS_ROOT, "wasm")}/`,
};

export interface PdfPage {
  /** The page's size in design pixels (points × 4/3, rounded; at least 1). */
  width: number;
  height: number;
}

export interface OpenedPdf {
  pages: PdfPage[];
  /** The page (1-based) drawn as a PNG, sized `width` × `height` unless that is past the render limit. */
  render(pageNumber: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function open(bytes: Uint8Array): Promise<{ pdf: PDFDocumentProxy; close: () => Promise<void> }> {
  const task = getDocument({ data: bytes, disableFontFace: true, useSystemFonts: false, verbosity: 0, ...DATA });
  try {
    return { pdf: await task.promise, close: () => task.destroy() };
  } catch (error) {
    await task.destroy();
    if (error instanceof PasswordException) throw invalidFile("The PDF is password-protected: remove the password and import it again");
    throw invalidFile("The PDF could not be read: it is damaged or incomplete");
  }
}

/**
 * Reads a PDF with pdf.js: every page's size (its crop box, rotation applied), and each page drawn
 * on a canvas on demand. More than `maxPages` pages fails with `invalid_file`.
 */
export async function openPdf(bytes: Uint8Array, maxPages: number): Promise<OpenedPdf> {
  const { pdf, close } = await open(bytes);
  try {
    if (pdf.numPages > maxPages) throw invalidFile(`The PDF has ${pdf.numPages} pages: at most ${maxPages} can be imported`);
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number).catch(() => {
        throw invalidFile(`Page ${number} of the PDF could not be read: the file is damaged or incomplete`);
      });
      const { width, height } = page.getViewport({ scale: PX_PER_POINT });
      pages.push({ width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) });
      page.cleanup();
    }
    return { pages, render: (number) => renderPage(pdf, number, pages[number - 1]), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function renderPage(pdf: PDFDocumentProxy, number: number, size: PdfPage): Promise<Buffer> {
  const shrink = Math.min(1, Math.sqrt(MAX_RENDER_PIXELS / (size.width * size.height)));
  const page = await pdf.getPage(number);
  try {
    const viewport = page.getViewport({ scale: PX_PER_POINT * shrink });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    return await canvas.encode("png");
  } catch {
    throw invalidFile(`Page ${number} of the PDF could not be drawn: the file is damaged or incomplete`);
  } finally {
    page.cleanup();
  }
}
