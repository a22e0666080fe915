import { createWriteStream, createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDeflate } from "node:zlib";
import type { PaperSize } from "../export-format.js";
import { paperFor, type PixelSize } from "../export-plan.js";
import { encodedPage, type DrawnPages, type ExportFile } from "./export-file.js";

/** A PDF string literal: parentheses and backslashes escaped, anything past Latin-1 kept as a UTF-16 string. */
function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  return `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}>`;
}

/**
 * A PDF produced object by object as pages come, so an export holds one page at a time (pdf-lib keeps
 * every page's image until it saves, which a long export cannot afford). Each method yields the bytes
 * it adds and keeps the offsets the cross-reference table needs.
 */
class StreamedPdf {
  private readonly offsets: number[] = [];
  private written = 0;
  private readonly pageRefs: number[] = [];
  /** Objects 1–3 are the page tree, the catalog and the document information, written last. */
  private nextObject = 4;

  private bytes(chunk: string | Buffer): Buffer {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    this.written += buffer.length;
    return buffer;
  }

  private *object(number: number, dictionary: string, stream?: Buffer): Generator<Buffer> {
    this.offsets[number] = this.written;
    if (!stream) return yield this.bytes(`${number} 0 obj\n${dictionary}\nendobj\n`);
    yield this.bytes(`${number} 0 obj\n${dictionary.replace(/>>$/, ` /Length ${stream.length} >>`)}\nstream\n`);
    yield this.bytes(stream);
    yield this.bytes("\nendstream\nendobj\n");
  }

  *start(): Generator<Buffer> {
    yield this.bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  }

  /**
   * A page of `paper` points showing an image of `size` pixels stretched over it: JPEG bytes, or RGB
   * samples streamed through deflate (their length, unknown until the end, follows as an object of its
   * own), so a lossless page is never held whole.
   */
  async *page(paper: PixelSize, size: PixelSize, image: { jpeg: Buffer } | { rgb: Readable }): AsyncGenerator<Buffer> {
    const [imageRef, contentRef, pageRef] = [this.nextObject++, this.nextObject++, this.nextObject++];
    const header = `/Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /DeviceRGB /BitsPerComponent 8`;
    if ("jpeg" in image) yield* this.object(imageRef, `<< ${header} /Filter /DCTDecode >>`, image.jpeg);
    else yield* this.deflatedSamples(imageRef, header, image.rgb, size.width * size.height * 3);
    yield* this.object(contentRef, "<< >>", Buffer.from(`q ${paper.width} 0 0 ${paper.height} 0 0 cm /Page Do Q`, "latin1"));
    yield* this.object(pageRef, `<< /Type /Page /Parent 1 0 R /MediaBox [0 0 ${paper.width} ${paper.height}] /Resources << /XObject << /Page ${imageRef} 0 R >> >> /Contents ${contentRef} 0 R >>`);
    this.pageRefs.push(pageRef);
  }

  private async *deflatedSamples(imageRef: number, header: string, samples: Readable, expectedBytes: number): AsyncGenerator<Buffer> {
    const lengthRef = this.nextObject++;
    this.offsets[imageRef] = this.written;
    yield this.bytes(`${imageRef} 0 obj\n<< ${header} /Filter /FlateDecode /Length ${lengthRef} 0 R >>\nstream\n`);
    const start = this.written;
    let sampleBytes = 0;
    const deflating = createDeflate();
    // `pipe` passes no error on: a page that fails to draw must fail the export, not leave it waiting.
    samples.on("data", (chunk: Buffer) => (sampleBytes += chunk.length)).once("error", (error) => deflating.destroy(error));
    for await (const chunk of samples.pipe(deflating) as AsyncIterable<Buffer>) yield this.bytes(chunk);
    if (sampleBytes !== expectedBytes) throw new Error(`a page drew ${sampleBytes} bytes of samples where ${expectedBytes} were expected`);
    const length = this.written - start;
    yield this.bytes("\nendstream\nendobj\n");
    yield* this.object(lengthRef, String(length));
  }

  *finish(info: { title: string; creator: string }): Generator<Buffer> {
    yield* this.object(1, `<< /Type /Pages /Kids [${this.pageRefs.map((ref) => `${ref} 0 R`).join(" ")}] /Count ${this.pageRefs.length} >>`);
    yield* this.object(2, "<< /Type /Catalog /Pages 1 0 R >>");
    yield* this.object(3, `<< /Title ${pdfText(info.title)} /Creator ${pdfText(info.creator)} >>`);
    const xref = this.written;
    const entries = Array.from({ length: this.nextObject - 1 }, (_v, i) => `${String(this.offsets[i + 1]).padStart(10, "0")} 00000 n \n`);
    yield this.bytes(`xref\n0 ${this.nextObject}\n0000000000 65535 f \n${entries.join("")}`);
    yield this.bytes(`trailer\n<< /Size ${this.nextObject} /Root 2 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  }
}

/** The PDF's bytes, page by page as each is drawn. */
async function* pdfBytes(pages: DrawnPages, options: { size: PaperSize; quality: "regular" | "pro"; pageSizes: PixelSize[]; title: string }): AsyncGenerator<Buffer> {
  const pdf = new StreamedPdf();
  yield* pdf.start();
  for (const [index, pageSize] of options.pageSizes.entries()) {
    const paper = paperFor(pageSize, options.size);
    if (options.quality !== "pro") {
      const jpeg = await encodedPage(pages, index, (image) => image.removeAlpha().jpeg({ quality: 85 }).toBuffer());
      yield* pdf.page(paper, pages.targets[index], { jpeg });
      continue;
    }
    // Lossless samples stream into the file as they are drawn: the render's turn ends once they all came.
    const drawn = await pages.draw(index);
    try {
      yield* pdf.page(paper, pages.targets[index], { rgb: drawn.image.removeAlpha().raw() });
    } finally {
      drawn.done();
    }
  }
  yield* pdf.finish({ title: options.title, creator: "Design platform export" });
}

/**
 * PDF: one file, one PDF page per design page on the paper asked (turned for landscape pages), the
 * page drawn fitted and centred at the plan's resolution: `regular` as JPEG, `pro` lossless (deflated
 * samples). Pages are written to a temporary file as they are drawn; the file is removed once stored.
 */
export async function* pdfFile(pages: DrawnPages, options: { size: PaperSize; quality: "regular" | "pro"; pageSizes: PixelSize[]; title: string }): AsyncGenerator<ExportFile> {
  const folder = await mkdtemp(path.join(tmpdir(), "pdf-export-"));
  try {
    const file = path.join(folder, "design.pdf");
    await pipeline(pdfBytes(pages, options), createWriteStream(file));
    yield { name: "design.pdf", contentType: "application/pdf", bytes: createReadStream(file) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
