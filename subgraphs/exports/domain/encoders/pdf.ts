import { PDFDocument } from "pdf-lib";
import type { PaperSize } from "../export-format.js";
import { paperFor, type PixelSize } from "../export-plan.js";
import type { DrawnPages, ExportFile } from "./export-file.js";

/**
 * PDF: one file, one PDF page per design page on the paper asked (turned for landscape pages), the
 * page drawn fitted and centred at the plan's resolution: `regular` as JPEG, `pro` as lossless PNG.
 */
export async function pdfFile(pages: DrawnPages, options: { size: PaperSize; quality: "regular" | "pro"; pageSizes: PixelSize[]; title: string }): Promise<ExportFile[]> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title);
  pdf.setCreator("Design platform export");
  for (const [index, pageSize] of options.pageSizes.entries()) {
    const drawn = await pages.draw(index);
    const image = options.quality === "pro" ? await pdf.embedPng(await drawn.png().toBuffer()) : await pdf.embedJpg(await drawn.jpeg({ quality: 85 }).toBuffer());
    const paper = paperFor(pageSize, options.size);
    pdf.addPage([paper.width, paper.height]).drawImage(image, { x: 0, y: 0, width: paper.width, height: paper.height });
  }
  return [{ name: "design.pdf", contentType: "application/pdf", bytes: Buffer.from(await pdf.save()) }];
}
