import { strToU8, zipSync } from "fflate";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { base64Name, postUpload } from "./assets.js";
import type { HttpClient, HttpResponse } from "./http.js";

/** A real PDF with one page per size (in points), each with a line of text and a coloured box. */
export async function pdf(sizes: [number, number][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [index, [width, height]] of sizes.entries()) {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 0, y: 0, width: width / 2, height: height / 2, color: rgb(0.1, 0.3, 0.9) });
    page.drawText(`Page ${index + 1}`, { x: 20, y: height - 40, size: 24, font, color: rgb(0.9, 0.1, 0.1) });
  }
  return Buffer.from(await doc.save());
}

const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
export const PRESENTATION_NAMESPACES = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"`;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

function slide(text: string): string {
  return `<p:sld ${PRESENTATION_NAMESPACES}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="952500" y="476250"/><a:ext cx="4762500" cy="952500"/></a:xfrm></p:spPr>
<p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" sz="3600"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></a:rPr><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>
</p:spTree></p:cSld></p:sld>`;
}

/** A minimal valid PPTX: `texts.length` slides (each with a title box holding its text) at `cx` × `cy` EMU. */
export function pptx(texts: string[], cx = 12192000, cy = 6858000): Buffer {
  return Buffer.from(zipSync(pptxParts(texts, cx, cy)));
}

/** The parts of `pptx(texts, cx, cy)`, by name, before zipping. */
export function pptxParts(texts: string[], cx = 12192000, cy = 6858000): Record<string, Uint8Array> {
  const slides = Object.fromEntries(texts.map((text, i) => [`ppt/slides/slide${i + 1}.xml`, xml(slide(text))]));
  const overrides = texts.map((_t, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join("");
  return {
    "[Content_Types].xml": xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides}</Types>`,
    ),
    "_rels/.rels": xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`),
    "ppt/presentation.xml": xml(
      `<p:presentation ${PRESENTATION_NAMESPACES}><p:sldIdLst>${texts.map((_t, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join("")}</p:sldIdLst><p:sldSz cx="${cx}" cy="${cy}"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    ),
    "ppt/_rels/presentation.xml.rels": xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${texts.map((_t, i) => `<Relationship Id="rId${i + 2}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`).join("")}</Relationships>`,
    ),
    ...slides,
  };
}

/** POST /v1/imports as a generated client sends it: the bytes, and `Import-Metadata` with the Base64 title. */
export function postImport(http: HttpClient, token: string | undefined, bytes: Buffer | string, title = "Imported", extra: Record<string, unknown> = {}): Promise<HttpResponse> {
  return postUpload(http, token, bytes, { "import-metadata": JSON.stringify({ title_base64: base64Name(title), ...extra }) }, "/v1/imports");
}
