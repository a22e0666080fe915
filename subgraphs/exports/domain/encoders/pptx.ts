import pptxgenjs from "pptxgenjs";
import type { PixelSize } from "../export-plan.js";
import { encodedPage, fittedInto, type DrawnPages, type ExportFile } from "./export-file.js";

/** The package's ES build exports the class as its default; its types describe the CommonJS shape. */
const Presentation = pptxgenjs as unknown as typeof pptxgenjs.default;

/** Pixels per inch of a design page (CSS pixels). */
const PIXELS_PER_INCH = 96;
/** The slide sizes presentation programs accept, in inches. */
const SLIDE_INCHES = { min: 1, max: 56 };

/** The slide: the first page's size in inches, scaled (aspect kept) into what presentation programs accept. */
function slideInches(page: PixelSize): PixelSize {
  const [width, height] = [page.width / PIXELS_PER_INCH, page.height / PIXELS_PER_INCH];
  const [longest, shortest] = [Math.max(width, height), Math.min(width, height)];
  let factor = Math.min(1, SLIDE_INCHES.max / longest);
  if (shortest * factor < SLIDE_INCHES.min) factor = Math.min(SLIDE_INCHES.min / shortest, SLIDE_INCHES.max / longest);
  return { width: width * factor, height: height * factor };
}

/** PPTX: one presentation, one slide per page (the page as a picture filling the slide; other sizes fitted and centred). */
export async function pptxFile(pages: DrawnPages, options: { pageSizes: PixelSize[]; title: string }): Promise<ExportFile[]> {
  const presentation = new Presentation();
  const slide = slideInches(options.pageSizes[0]);
  presentation.defineLayout({ name: "DESIGN", ...slide });
  presentation.layout = "DESIGN";
  presentation.title = options.title;
  for (const [index, pageSize] of options.pageSizes.entries()) {
    const png = await encodedPage(pages, index, (image) => image.png().toBuffer());
    const box = fittedInto(pageSize, slide);
    presentation.addSlide().addImage({ data: `image/png;base64,${png.toString("base64")}`, x: box.left, y: box.top, w: box.width, h: box.height });
  }
  const bytes = (await presentation.write({ outputType: "nodebuffer" })) as Buffer;
  return [{ name: "design.pptx", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", bytes }];
}
