import { unstorableText } from "../../../lib/storable-text.js";
import type { ImportedElement, ImportedPage } from "../../designs/public.js";
import { BoundedZip, DamagedZipError, ZipBudgetError, type ZipBudget } from "./bounded-zip.js";
import { invalidFile } from "./import-jobs.js";
import { attribute, elements, firstStartTag, runsText, startTags } from "./xml-scan.js";

/** Office sizes are in EMU: 914,400 per inch, so 9,525 per CSS pixel (96 per inch). */
export const EMU_PER_PX = 9525;
/** Text without a size of its own: 18 pt. */
const DEFAULT_FONT_PT = 18;

const PRESENTATION = "ppt/presentation.xml";
const RELATIONSHIPS = "ppt/_rels/presentation.xml.rels";
const SLIDE = /^ppt\/slides\/slide\d+\.xml$/;

export interface PresentationBudget {
  zip: ZipBudget;
  /** Slides (IMPORT_MAX_PAGES). */
  maxPages: number;
  /** Design elements one slide may become (IMPORT_MAX_ELEMENTS_PER_PAGE). */
  maxElementsPerPage: number;
  /** Design elements the whole presentation may become (IMPORT_MAX_ELEMENTS). */
  maxElements: number;
}

const damaged = () => invalidFile("The presentation could not be read: it is damaged or incomplete");

/** The slides' part names in presentation order (`p:sldIdLst`, each id's relationship to its part). */
function slideParts(presentation: string, relationships: string): string[] {
  const targets = new Map<string, string>();
  for (const tag of startTags(relationships, "Relationship")) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `ppt/${target}`);
  }
  const list = elements(presentation, "p:sldIdLst").next().value ?? "";
  return [...startTags(list, "p:sldId")].map((tag) => {
    const target = targets.get(attribute(tag, "r:id") ?? "");
    if (!target) throw damaged();
    return target;
  });
}

/** The slide size (`p:sldSz` cx, cy in EMU) in pixels. */
function slideSize(presentation: string): { width: number; height: number } {
  const tag = firstStartTag(presentation, "p:sldSz");
  const cx = Number(tag && attribute(tag, "cx"));
  const cy = Number(tag && attribute(tag, "cy"));
  if (!Number.isInteger(cx) || !Number.isInteger(cy) || cx <= 0 || cy <= 0 || cx > 51_206_400 || cy > 51_206_400) throw damaged();
  return { width: Math.max(1, Math.round(cx / EMU_PER_PX)), height: Math.max(1, Math.round(cy / EMU_PER_PX)) };
}

const px = (emu: string | undefined) => {
  const value = Math.round(Number(emu ?? 0) / EMU_PER_PX);
  return Number.isSafeInteger(value) ? Math.max(-1_000_000, Math.min(1_000_000, value)) : 0;
};

/** The font size (pt) of the first run property that has one. */
function fontPoints(shape: string): number {
  for (const tag of startTags(shape, "a:rPr")) {
    const size = Number(attribute(tag, "sz"));
    if (Number.isInteger(size) && size > 0 && size <= 400_000) return size / 100;
  }
  return DEFAULT_FONT_PT;
}

/** The colour of the shape's first solid fill, when it is an RGB one. */
function colour(shape: string): string {
  const fill = elements(shape, "a:solidFill").next().value ?? "";
  const value = attribute(firstStartTag(fill, "a:srgbClr") ?? "", "val");
  return value && /^[0-9A-Fa-f]{6}$/.test(value) ? `#${value.toLowerCase()}` : "#000000";
}

/** The text boxes of a slide (shapes with text and a position of their own) as text elements; past the budget, `invalid_file`. */
function textElements(slide: string, number: number, maxElements: number): ImportedElement[] {
  const found: ImportedElement[] = [];
  for (const shape of elements(slide, "p:sp")) {
    const text = [...elements(shape, "a:p")].map(runsText).join("\n").trim();
    const offset = firstStartTag(shape, "a:off");
    const extent = firstStartTag(shape, "a:ext");
    if (!text || !offset || !extent) continue;
    // No XML character either (`&#0;`, a raw NUL, `&#xD800;`): a file holding one is not a presentation we can keep.
    if (unstorableText(text)) throw invalidFile(`Slide ${number} holds text that cannot be stored (a NUL character or an unpaired surrogate)`);
    if (found.length === maxElements) throw invalidFile(`Slide ${number} has more than ${maxElements} text boxes (IMPORT_MAX_ELEMENTS_PER_PAGE)`);
    found.push({
      kind: "text",
      x: px(attribute(offset, "x")),
      y: px(attribute(offset, "y")),
      width: Math.max(1, px(attribute(extent, "cx"))),
      height: Math.max(1, px(attribute(extent, "cy"))),
      text,
      fontSize: Math.max(1, Math.round((fontPoints(shape) * 96) / 72)),
      color: colour(shape),
    });
  }
  return found;
}

/** What the archive needs to hold of a presentation; nothing else in it is inflated. */
const isPresentationPart = (name: string) => name === PRESENTATION || name === RELATIONSHIPS || SLIDE.test(name);

/**
 * A PPTX presentation (a file read in place) as design pages: one per slide (in the presentation's
 * order) at the slide size, each with the slide's text boxes as text elements. The slide list is read
 * before any slide, and slides one at a time; anything unreadable or past the budget is `invalid_file`.
 */
export async function readPresentation(file: string, budget: PresentationBudget): Promise<ImportedPage[]> {
  let zip: BoundedZip | undefined;
  try {
    zip = await BoundedZip.open(file, budget.zip, isPresentationPart);
    const presentation = await zip.text(PRESENTATION);
    if (presentation === undefined) throw invalidFile("The file is a ZIP archive but not a PowerPoint (PPTX) presentation");
    const size = slideSize(presentation);
    const slides = slideParts(presentation, (await zip.text(RELATIONSHIPS)) ?? "");
    if (slides.length === 0) throw invalidFile("The presentation has no slides");
    if (slides.length > budget.maxPages) throw invalidFile(`The presentation has ${slides.length} slides: at most ${budget.maxPages} can be imported`);
    const pages: ImportedPage[] = [];
    let elementCount = 0;
    for (const [index, part] of slides.entries()) {
      const slide = await zip.text(part);
      if (slide === undefined) throw damaged();
      const found = textElements(slide, index + 1, budget.maxElementsPerPage);
      elementCount += found.length;
      if (elementCount > budget.maxElements) throw invalidFile(`The presentation has more than ${budget.maxElements} text boxes in all (IMPORT_MAX_ELEMENTS)`);
      pages.push({ ...size, elements: found });
    }
    return pages;
  } catch (error) {
    if (error instanceof ZipBudgetError) throw invalidFile(error.message);
    if (error instanceof DamagedZipError) throw damaged();
    throw error;
  } finally {
    zip?.close();
  }
}
