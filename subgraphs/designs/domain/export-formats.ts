import type { Design } from "../../../generated/prisma/client.js";

/** Every export format the design platform names, in its documented order. */
export const EXPORT_FORMATS = ["pdf", "jpg", "png", "svg", "pptx", "gif", "mp4"] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

/**
 * What a design can be exported as, by its type and content:
 * - `pdf`, `jpg`, `png`: every design;
 * - `pptx` (one slide per page): every design but documents (`doc`) and emails (`email`);
 * - `gif` (animated over the pages): designs of two pages or more;
 * - `svg` and `mp4`: none yet (no vector export; no video encoder in the deployment).
 */
export function exportFormatsOf(design: Pick<Design, "preset">, pageCount: number): ExportFormatName[] {
  const formats: ExportFormatName[] = ["pdf", "jpg", "png"];
  if (design.preset !== "doc" && design.preset !== "email") formats.push("pptx");
  if (pageCount >= 2) formats.push("gif");
  return formats;
}
