import { createWriteStream, createReadStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { createDeflate } from "node:zlib";
import type { PaperSize } from "../export-format.js";
import { paperFor, type PixelSize } from "../export-plan.js";
import type { DrawnPages, ExportFile } from "./export-file.js";

/** A PDF string literal: parentheses and backslashes escaped, anything past Latin-1 kept as a UTF-16 string. */
function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  return `<FEFF${Buffer.from(text, "utf16le").swap16().toString("hex").toUpperCase()}>`;
}

/**
 * A PDF written object by object to a file as pages come, so an export holds one page at a time
 * (pdf-lib keeps every page's image until it saves, which a long export cannot afford).
 */
class StreamedPdf {
  private readonly offsets: number[] = [];
  private written = 0;
  private readonly pageRefs: number[] = [];
  /** Objects 1–3 are the page tree, the catalog and the document information, written last. */
  private nextObject = 4;

  constructor(private readonly out: WriteStream) {}

  private async write(chunk: string | Buffer): Promise<void> {
    this.written += typeof chunk === "string" ? Buffer.byteLength(chunk, "latin1") : chunk.length;
    if (!this.out.write(typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk)) await once(this.out, "drain");
  }

  private async object(number: number, dictionary: string, stream?: Buffer): Promise<void> {
    this.offsets[number] = this.written;
    if (!stream) return this.write(`${number} 0 obj\n${dictionary}\nendobj\n`);
    await this.write(`${number} 0 obj\n${dictionary.replace(/>>$/, ` /Length ${stream.length} >>`)}\nstream\n`);
    await this.write(stream);
    await this.write("\nendstream\nendobj\n");
  }

  start(): Promise<void> {
    return this.write("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  }

  /**
   * A page of `paper` points showing an image of `size` pixels stretched over it: JPEG bytes, or RGB
   * samples streamed through deflate into the file (their length, unknown until the end, follows as
   * an object of its own), so a lossless page is never held whole.
   */
  async addPage(paper: PixelSize, size: PixelSize, image: { jpeg: Buffer } | { rgb: Readable }): Promise<void> {
    const [imageRef, contentRef, pageRef] = [this.nextObject++, this.nextObject++, this.nextObject++];
    const header = `/Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /DeviceRGB /BitsPerComponent 8`;
    if ("jpeg" in image) await this.object(imageRef, `<< ${header} /Filter /DCTDecode >>`, image.jpeg);
    else await this.deflatedSamples(imageRef, header, image.rgb, size.width * size.height * 3);
    await this.object(contentRef, "<< >>", Buffer.from(`q ${paper.width} 0 0 ${paper.height} 0 0 cm /Page Do Q`, "latin1"));
    await this.object(pageRef, `<< /Type /Page /Parent 1 0 R /MediaBox [0 0 ${paper.width} ${paper.height}] /Resources << /XObject << /Page ${imageRef} 0 R >> >> /Contents ${contentRef} 0 R >>`);
    this.pageRefs.push(pageRef);
  }

  private async deflatedSamples(imageRef: number, header: string, samples: Readable, expectedBytes: number): Promise<void> {
    const lengthRef = this.nextObject++;
    this.offsets[imageRef] = this.written;
    await this.write(`${imageRef} 0 obj\n<< ${header} /Filter /FlateDecode /Length ${lengthRef} 0 R >>\nstream\n`);
    const start = this.written;
    let sampleBytes = 0;
    const counted = samples.on("data", (chunk: Buffer) => (sampleBytes += chunk.length));
    for await (const chunk of counted.pipe(createDeflate()) as AsyncIterable<Buffer>) await this.write(chunk);
    if (sampleBytes !== expectedBytes) throw new Error(`a page drew ${sampleBytes} bytes of samples where ${expectedBytes} were expected`);
    const length = this.written - start;
    await this.write("\nendstream\nendobj\n");
    await this.object(lengthRef, String(length));
  }

  async finish(info: { title: string; creator: string }): Promise<void> {
    await this.object(1, `<< /Type /Pages /Kids [${this.pageRefs.map((ref) => `${ref} 0 R`).join(" ")}] /Count ${this.pageRefs.length} >>`);
    await this.object(2, "<< /Type /Catalog /Pages 1 0 R >>");
    await this.object(3, `<< /Title ${pdfText(info.title)} /Creator ${pdfText(info.creator)} >>`);
    const xref = this.written;
    const entries = Array.from({ length: this.nextObject - 1 }, (_v, i) => `${String(this.offsets[i + 1]).padStart(10, "0")} 00000 n \n`);
    await this.write(`xref\n0 ${this.nextObject}\n0000000000 65535 f \n${entries.join("")}`);
    await this.write(`trailer\n<< /Size ${this.nextObject} /Root 2 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
    this.out.end();
    await once(this.out, "finish");
  }
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
    const out = createWriteStream(file);
    const pdf = new StreamedPdf(out);
    try {
      await pdf.start();
      for (const [index, pageSize] of options.pageSizes.entries()) {
        const drawn = (await pages.draw(index)).removeAlpha();
        const image = options.quality === "pro" ? { rgb: drawn.raw() } : { jpeg: await drawn.jpeg({ quality: 85 }).toBuffer() };
        await pdf.addPage(paperFor(pageSize, options.size), pages.targets[index], image);
      }
      await pdf.finish({ title: options.title, creator: "Design platform export" });
    } finally {
      out.destroy();
    }
    yield { name: "design.pdf", contentType: "application/pdf", bytes: createReadStream(file) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
