import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ChildFailedError, ChildLimitError, childModule, runBoundedChild, type ChildLimits } from "../../../../lib/process/bounded-child.js";
import { IMPORT_ERROR_CODES, invalidFile } from "../import-jobs.js";
import type { PdfBudget, PdfEvent, PdfJob, PdfPage } from "./budget.js";

const DECODER = childModule(import.meta.url, "pdf-child");

export interface DrawnPdf {
  pages: (PdfPage & { file: string })[];
  /** Removes the drawn files. */
  dispose(): Promise<void>;
}

function failure(error: unknown, limits: ChildLimits): unknown {
  if (error instanceof ChildLimitError) {
    return error.limit === "memory"
      ? invalidFile(`The PDF needs more than ${Math.round(limits.memoryBytes / (1024 * 1024))} MiB to be read (IMPORT_DECODER_MAX_MEMORY)`)
      : invalidFile(`The PDF takes longer than ${Math.round(limits.timeoutMs / 1000)} s to be read (IMPORT_DECODER_TIMEOUT_MS)`);
  }
  // Only the decoder's own verdict on the file is final; anything else it failed with (a disk error) is tried again.
  if (error instanceof ChildFailedError && error.code === IMPORT_ERROR_CODES.failures.unreadable) return invalidFile(error.message);
  return error;
}

/**
 * Reads a PDF with pdf.js in a decoder process of its own (bounded memory and time, so a hostile file
 * cannot grow the platform's process): every page's size, and each page drawn to a PNG file in a
 * temporary folder that `dispose` (or a failure) removes. Anything unreadable or past `budget` is `invalid_file`.
 */
export async function drawPdf(file: string, budget: PdfBudget, limits: ChildLimits): Promise<DrawnPdf> {
  const outputDir = await mkdtemp(path.join(tmpdir(), "pdf-import-"));
  const dispose = () => rm(outputDir, { recursive: true, force: true });
  let sizes: PdfPage[] = [];
  const files: string[] = [];
  try {
    await runBoundedChild<PdfJob, PdfEvent>(DECODER, { file, outputDir, budget }, limits, (event) => {
      if (event.kind === "pages") sizes = event.pages;
      else files[event.number - 1] = event.file;
    });
  } catch (error) {
    await dispose();
    throw failure(error, limits);
  }
  if (files.length !== sizes.length) {
    await dispose();
    throw new Error(`the PDF decoder drew ${files.length} of ${sizes.length} pages`);
  }
  return { pages: sizes.map((size, index) => ({ ...size, file: files[index] })), dispose };
}
