import { strFromU8, unzipSync } from "fflate";
import type { ImportedElement, ImportedPage } from "../../designs/public.js";
import { PermanentJobError } from "../../../lib/jobs/errors.js";
import { invalidFile } from "./import-jobs.js";

/** Office sizes are in EMU: 914,400 per inch, so 9,525 per CSS pixel (96 per inch). */
export const EMU_PER_PX = 9525;
/** Text without a size of its own: 18 pt. */
const DEFAULT_FONT_PT = 18;
/** Parts read from the archive are never larger than this once inflated (no zip bombs). */
const MAX_PART_BYTES = 8 * 1024 * 1024;

const damaged = () => invalidFile("The presentation could not be read: it is damaged or incomplete");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name: string) =>
    name.startsWith("#x") || name.startsWith("#X") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name],
  );
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The parts needed: the presentation, its relationships and the slides (inflated only those, each within the limit). */
function readParts(bytes: Uint8Array): Map<string, string> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = file.name === "ppt/presentation.xml" || file.name === "ppt/_rels/presentation.xml.rels" || /^ppt\/slides\/slide\d+\.xml$/.test(file.name);
        if (wanted && file.originalSize > MAX_PART_BYTES) throw invalidFile(`The presentation's part ${file.name} is too large`);
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof PermanentJobError) throw error;
    throw damaged();
  }
  return new Map(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

/** The slides' part names in presentation order (`p:sldIdLst`, each id's relationship to its part). */
function slideParts(presentation: string, relationships: string): string[] {
  const targets = new Map<string, string>();
  for (const [tag] of relationships.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `ppt/${target}`);
  }
  const list = /<p:sldIdLst>([\s\S]*?)<\/p:sldIdLst>/.exec(presentation)?.[1] ?? "";
  return [...list.matchAll(/<p:sldId\b[^>]*>/g)].map(([tag]) => {
    const target = targets.get(attribute(tag, "r:id") ?? "");
    if (!target) throw damaged();
    return target;
  });
}

/** The slide size (`p:sldSz` cx, cy in EMU) in pixels. */
function slideSize(presentation: string): { width: number; height: number } {
  const tag = /<p:sldSz\b[^>]*>/.exec(presentation)?.[0];
  const cx = Number(tag && attribute(tag, "cx"));
  const cy = Number(tag && attribute(tag, "cy"));
  if (!Number.isInteger(cx) || !Number.isInteger(cy) || cx <= 0 || cy <= 0) throw damaged();
  return { width: Math.max(1, Math.round(cx / EMU_PER_PX)), height: Math.max(1, Math.round(cy / EMU_PER_PX)) };
}

const px = (emu: string | undefined) => Math.round(Number(emu ?? 0) / EMU_PER_PX) || 0;

/** The text boxes of a slide (shapes with text and a position of their own) as text elements. */
function textElements(slide: string): ImportedElement[] {
  const elements: ImportedElement[] = [];
  for (const [shape] of slide.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)) {
    const paragraphs = [...shape.matchAll(/<a:p\b[\s\S]*?<\/a:p>/g)].map(([paragraph]) => [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((run) => decodeXml(run[1])).join(""));
    const text = paragraphs.join("\n").trim();
    const offset = /<a:off\b[^>]*>/.exec(shape)?.[0];
    const extent = /<a:ext\b[^>]*>/.exec(shape)?.[0];
    if (!text || !offset || !extent) continue;
    const size = Number(/<a:rPr\b[^>]*\ssz="(\d+)"/.exec(shape)?.[1] ?? DEFAULT_FONT_PT * 100) / 100;
    const color = /<a:solidFill>\s*<a:srgbClr val="([0-9A-Fa-f]{6})"/.exec(shape)?.[1];
    elements.push({
      kind: "text",
      x: px(attribute(offset, "x")),
      y: px(attribute(offset, "y")),
      width: Math.max(1, px(attribute(extent, "cx"))),
      height: Math.max(1, px(attribute(extent, "cy"))),
      text,
      fontSize: Math.max(1, Math.round((size * 96) / 72)),
      color: `#${(color ?? "000000").toLowerCase()}`,
    });
  }
  return elements;
}

/**
 * A PPTX presentation as design pages: one per slide (in the presentation's order) at the slide
 * size, each with the slide's text boxes as text elements. Anything else is `invalid_file`.
 */
export function readPresentation(bytes: Uint8Array, maxPages: number): ImportedPage[] {
  const parts = readParts(bytes);
  const presentation = parts.get("ppt/presentation.xml");
  if (!presentation) throw invalidFile("The file is a ZIP archive but not a PowerPoint (PPTX) presentation");
  const size = slideSize(presentation);
  const slides = slideParts(presentation, parts.get("ppt/_rels/presentation.xml.rels") ?? "");
  if (slides.length === 0) throw invalidFile("The presentation has no slides");
  if (slides.length > maxPages) throw invalidFile(`The presentation has ${slides.length} slides: at most ${maxPages} can be imported`);
  return slides.map((part) => {
    const slide = parts.get(part);
    if (slide === undefined) throw damaged();
    return { ...size, elements: textElements(slide) };
  });
}
