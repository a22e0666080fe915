import type { Design } from "../../../generated/prisma/client.js";

/** Every export format the design platform names, in its documented order. */
export const EXPORT_FORMATS = ["pdf", "jpg", "png", "svg", "pptx", "gif", "mp4"] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

/**
 * What a design can be exported as, by its type:
 * - `pdf`, `jpg`, `png` and `gif` (animated over the pages when there are several): every design;
 * - `pptx` (a slide per page) and `mp4` (a video, 2 s a page): every design but documents (`doc`) and emails (`email`);
 * - `svg`: none (no vector export).
 */
export function exportFormatsOf(design: Pick<Design, "preset">): ExportFormatName[] {
  const formats: ExportFormatName[] = ["pdf", "jpg", "png"];
  const paged = design.preset === "doc" || design.preset === "email";
  if (!paged) formats.push("pptx");
  formats.push("gif");
  if (!paged) formats.push("mp4");
  return formats;
}
