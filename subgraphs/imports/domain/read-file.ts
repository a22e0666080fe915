import { createReadStream } from "node:fs";
import { fileTypeFromFile } from "file-type";
import type { Job, PrismaClient } from "../../../generated/prisma/client.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import type { BlobStore } from "../../../lib/storage/blob-store.js";
import { createAssetFromStoredFile } from "../../assets/public.js";
import type { ImportedPage } from "../../designs/public.js";
import { invalidFile, type ImportInput } from "./import-jobs.js";
import { drawPdf } from "./pdf/read-pdf.js";
import { readPresentation } from "./pptx.js";
import type { ImportsSettings } from "../settings.js";

export interface ReadDependencies {
  db: PrismaClient;
  blobs: BlobStore;
  settings: Pick<ImportsSettings, "maxPixels" | "pdf" | "presentation" | "decoder">;
}

/** The formats an import reads, by the type its content shows (never by its name or the caller's word). */
export const IMPORT_FORMATS = {
  pdf: "application/pdf",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  images: ["image/png", "image/jpeg", "image/webp"],
} as const;

export const UNSUPPORTED_MESSAGE = "The file is not a PDF, a PowerPoint presentation (PPTX) or a PNG, JPEG or WebP image";

/** An asset of the job's team made from a stored file by the assets domain; its failures are the import's `invalid_file`. */
async function assetFrom(deps: ReadDependencies, job: Job, input: ImportInput, sourceKey: string, suffix: string) {
  try {
    const request = { assetId: `AI${job.id}${suffix}`, sourceKey, name: input.title, ownerId: job.ownerId, teamId: input.teamId };
    return await createAssetFromStoredFile({ db: deps.db, blobs: deps.blobs, maxPixels: deps.settings.maxPixels }, request);
  } catch (error) {
    if (error instanceof PermanentJobError) throw invalidFile(error.message);
    throw error;
  }
}

/** An image file: one page of the image's size, the image (now an asset of the team) filling it. */
async function imagePages(deps: ReadDependencies, job: Job, input: ImportInput, sourceKey: string): Promise<ImportedPage[]> {
  const asset = await assetFrom(deps, job, input, sourceKey, "");
  const width = asset.width ?? 1;
  const height = asset.height ?? 1;
  return [{ width, height, elements: [{ kind: "image", x: 0, y: 0, width, height, assetId: asset.id }] }];
}

/** A PDF: one page per PDF page at its size, each drawn to a PNG that becomes an asset filling the page. */
async function pdfPages(deps: ReadDependencies, job: Job, input: ImportInput, file: string): Promise<ImportedPage[]> {
  const pdf = await drawPdf(file, deps.settings.pdf, deps.settings.decoder);
  try {
    const pages: ImportedPage[] = [];
    for (const [index, { width, height, file: drawn }] of pdf.pages.entries()) {
      const key = `imports/rendered/${job.id}/page-${index + 1}.png`;
      await deps.blobs.put(key, createReadStream(drawn), "image/png");
      try {
        const asset = await assetFrom(deps, job, input, key, `p${index + 1}`);
        pages.push({ width, height, elements: [{ kind: "image", x: 0, y: 0, width, height, assetId: asset.id }] });
      } finally {
        await deps.blobs.delete(key);
      }
    }
    return pages;
  } finally {
    await pdf.dispose();
  }
}

/** The pages of the new design, read from the stored file; anything unreadable fails with `invalid_file`. */
export async function readImportedFile(deps: ReadDependencies, job: Job, input: ImportInput, sourceKey: string): Promise<ImportedPage[]> {
  const read = await deps.blobs.withLocalFile(sourceKey, async (file) => {
    const mime = (await fileTypeFromFile(file))?.mime ?? "";
    if (mime === IMPORT_FORMATS.pdf) return pdfPages(deps, job, input, file);
    // An image becomes an asset, which the assets domain reads from the store itself.
    if ((IMPORT_FORMATS.images as readonly string[]).includes(mime)) return "image" as const;
    if (mime === IMPORT_FORMATS.pptx || mime === "application/zip") return readPresentation(file, deps.settings.presentation);
    throw invalidFile(UNSUPPORTED_MESSAGE);
  });
  if (read === undefined) throw invalidFile("The imported file is no longer available");
  return read === "image" ? imagePages(deps, job, input, sourceKey) : read;
}
