import { deflateSync } from "node:zlib";
import { strToU8 } from "fflate";
import { PDFDocument, PDFName, pushGraphicsState, popGraphicsState, concatTransformationMatrix, drawObject } from "pdf-lib";
import { pngChunk, PNG_SIGNATURE } from "./assets.js";
import { PRESENTATION_NAMESPACES, pptxParts } from "./imports.js";
import { deflatedPart, zipOf } from "./zip.js";

/** Hostile files: each small on the wire, each asking a decoder for far more than it may spend. */

/** A Letter-size PDF whose one page shows a FlateDecode grey image declaring `side` × `side` pixels (8192: ~64 KiB on disk, 64 MiB of samples). */
export async function pdfImageBomb(side = 8192): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const samples = deflateSync(Buffer.alloc(side * side), { level: 9 });
  const image = doc.context.register(
    doc.context.stream(samples, { Type: "XObject", Subtype: "Image", Width: side, Height: side, ColorSpace: "DeviceGray", BitsPerComponent: 8, Filter: "FlateDecode" }),
  );
  page.node.setXObject(PDFName.of("Bomb"), image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject("Bomb"), popGraphicsState());
  return Buffer.from(await doc.save());
}

/** A PDF of `count` empty Letter pages. */
export async function pdfManyPages(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < count; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save({ objectsPerTick: Infinity }));
}

/** A PDF page of `width` × `height` points (up to the format's 14,400) with a box drawn on it. */
export async function pdfHugePage(width = 14_400, height = 14_400): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]).drawRectangle({ x: 0, y: 0, width: width / 2, height: height / 2 });
  return Buffer.from(await doc.save());
}

/** A PPTX of `parts` slides whose parts are `partBytes` spaces each (64 × 8 MiB: ~517 KiB zipped, 512 MiB inflated). */
export function pptxPartsBomb(parts = 64, partBytes = 8 * 1024 * 1024 - 1024): Buffer {
  const filler = deflatedPart(strToU8(" ".repeat(partBytes)));
  const slides = Object.fromEntries(Array.from({ length: parts }, (_v, i) => [`ppt/slides/slide${i + 1}.xml`, filler]));
  return zipOf({ ...pptxParts(Array.from({ length: parts }, () => "slide")), ...slides });
}

/** A PPTX of `slides` slides each holding `boxes` text boxes (one slide of 5,000: about 4 KiB zipped). */
export function pptxManyTextBoxes(boxes = 5_000, slides = 1): Buffer {
  const box = `<p:sp><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="95250" cy="95250"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>x</a:t></a:r></a:p></p:txBody></p:sp>`;
  const slide = deflatedPart(strToU8(`<p:sld ${PRESENTATION_NAMESPACES}><p:cSld><p:spTree>${box.repeat(boxes)}</p:spTree></p:cSld></p:sld>`));
  const parts = Object.fromEntries(Array.from({ length: slides }, (_v, i) => [`ppt/slides/slide${i + 1}.xml`, slide]));
  return zipOf({ ...pptxParts(Array.from({ length: slides }, () => "slide")), ...parts });
}

/** A ZIP of `count` empty entries besides a one-slide presentation. */
export function pptxManyEntries(count: number): Buffer {
  const empty = deflatedPart(new Uint8Array(0));
  return zipOf({ ...pptxParts(["one slide"]), ...Object.fromEntries(Array.from({ length: count }, (_v, i) => [`docProps/custom${i}.xml`, empty])) });
}

/** A PPTX whose slide declares 1,000 inflated bytes in both its headers but inflates to `bytes` (the declared size lies). */
export function pptxLyingSize(bytes = 64 * 1024 * 1024): Buffer {
  const slide = deflatedPart(strToU8(`<p:sld ${PRESENTATION_NAMESPACES}>${" ".repeat(bytes)}</p:sld>`));
  return zipOf({ ...pptxParts(["one slide"]), "ppt/slides/slide1.xml": { ...slide, size: 1000 } });
}

/** A PNG whose header declares `width` × `height` pixels, followed by a few rows only (the file is a few hundred bytes). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth 8, colour type 0 (grey)
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.alloc(4 * (width + 1)))), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A GIF of `frames` frames of `width` × `height` pixels, each a few bytes (the screen descriptor and every frame declare the size). */
export function gifFrames(width: number, height: number, frames: number): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const frame = [0x21, 0xf9, 4, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0, 2, 2, 0x4c, 0x01, 0];
  return Buffer.from([
    ...Buffer.from("GIF89a"),
    ...u16(width),
    ...u16(height),
    0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff,
    ...[0x21, 0xff, 11, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0],
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
}

/** A PPTX of `count` slides, each a small title box. */
export function pptxManySlides(count: number): Buffer {
  return zipOf(pptxParts(Array.from({ length: count }, (_v, i) => `Slide ${i + 1}`)));
}

/** A PPTX whose slide holds `openings` shape openings and no closing (a few KiB zipped): a quadratic scan never ends on it. */
export function pptxUnclosedShapes(openings = 600_000): Buffer {
  const slide = `<p:sld ${PRESENTATION_NAMESPACES}><p:cSld><p:spTree>${"<p:sp><a:rPr ".repeat(openings)}</p:spTree></p:cSld></p:sld>`;
  return zipOf({ ...pptxParts(["title"]), "ppt/slides/slide1.xml": strToU8(slide) });
}

/** A one-page PDF whose content stream inflates to `bytes` of drawing operators (256 MiB: about 260 KiB on disk). */
export async function pdfContentBomb(bytes = 256 * 1024 * 1024): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const operators = "0 0 m 612 792 l S\n";
  const content = deflateSync(Buffer.from(operators.repeat(Math.ceil(bytes / operators.length)), "latin1"), { level: 9 });
  page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content, { Filter: "FlateDecode" })));
  return Buffer.from(await doc.save());
}
