import { randomBytes } from "node:crypto";
import { unzipSync, strFromU8 } from "fflate";
import { createFile, MP4BoxBuffer } from "mp4box";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { finishedJob, onPlatform } from "./assets.js";
import { uploadedImage } from "./designs.js";
import type { HttpClient, HttpResponse } from "./http.js";
import type { TestPlatform } from "./platform.js";

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 20, g: 60, b: 220 };
export const GREEN = { r: 0, g: 160, b: 60 };

/** The sizes of the three pages of `designWithContent`: landscape, portrait, landscape. */
export const PAGE_SIZES = [
  { width: 800, height: 600 },
  { width: 600, height: 800 },
  { width: 800, height: 600 },
];

const id = (prefix: string) => `${prefix}${randomBytes(8).toString("hex")}`;

/**
 * A three-page design of `token`'s team (made through REST, its pages and content written as an editor
 * would): page 1 has a red box in its top-left quarter, blue text, and a blue image in its bottom-right
 * quarter; page 2 a green ellipse; page 3 the image filling it. `token` needs the asset scopes too.
 */
export async function designWithContent(t: TestPlatform, token: string, title = "Export me"): Promise<string> {
  const created = await t.http.post("/v1/designs", { design_type: { type: "custom", width: 800, height: 600 }, title }, { token });
  if (created.status !== 200) throw new Error(`create design: ${created.status} ${created.text}`);
  const designId: string = created.body.design.id;
  const assetId = await uploadedImage(t.http, token, 160, 120, BLUE);
  const db = t.platform.runtime.db.prisma;
  const first = await db.designPage.findFirstOrThrow({ where: { designId, index: 1 } });
  await db.designElement.createMany({
    data: [
      { id: id("E"), pageId: first.id, kind: "shape", shape: "rect", fill: "#ff0000", x: 0, y: 0, width: 400, height: 300, z: 0 },
      { id: id("E"), pageId: first.id, kind: "text", text: "Hello", fontSize: 48, color: "#1e3cdc", x: 420, y: 20, width: 360, height: 100, z: 1 },
      { id: id("E"), pageId: first.id, kind: "image", assetId, x: 400, y: 300, width: 400, height: 300, z: 2 },
    ],
  });
  for (const [index, size] of PAGE_SIZES.entries()) {
    if (index === 0) continue;
    const pageId = id("P");
    const element = index === 1
      ? { kind: "shape" as const, shape: "ellipse" as const, fill: "#00a03c", x: 100, y: 200, width: 400, height: 400 }
      : { kind: "image" as const, assetId, x: 0, y: 0, width: size.width, height: size.height };
    await db.designPage.create({ data: { id: pageId, designId, index: index + 1, ...size, elements: { create: [{ id: id("E"), z: 0, ...element }] } } });
  }
  return designId;
}

/** Starts an export through REST and waits for it (the documented polling loop). */
export async function exported(http: HttpClient, token: string, designId: string, format: Record<string, unknown>): Promise<any> {
  const created = await http.post("/v1/exports", { design_id: designId, format }, { token });
  if (created.status !== 200) throw new Error(`POST /v1/exports ${JSON.stringify(format)}: ${created.status} ${created.text}`);
  return finishedJob(http, `/v1/exports/${created.body.job.id}`, token, 60_000);
}

export const postExport = (http: HttpClient, token: string | undefined, designId: string, format: unknown): Promise<HttpResponse> =>
  http.post("/v1/exports", { design_id: designId, format }, { token });

/** A file a signed export URL downloads, with its content type. */
export async function downloaded(http: HttpClient, url: string): Promise<{ bytes: Buffer; contentType: string | null }> {
  const response = await fetch(onPlatform(http, url));
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") };
}

/** An image's format, size, frames and pixels (RGBA, first frame). */
export async function openedImage(bytes: Buffer) {
  const metadata = await sharp(bytes, { animated: true }).metadata();
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { format: metadata.format, width: info.width, height: info.height, pages: metadata.pages ?? 1, delay: metadata.delay, hasAlpha: metadata.hasAlpha, pixel };
}

/** A PDF's pages as [width, height] in points, rounded to 0.01. */
export async function pdfPageSizes(bytes: Buffer): Promise<number[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => [Math.round(page.getWidth() * 100) / 100, Math.round(page.getHeight() * 100) / 100]);
}

/** A PPTX's slides (their XML) and its slide size in EMU, read from the zip as a presentation program reads it. */
export function openedPresentation(bytes: Buffer): { slides: string[]; size: { cx: number; cy: number }; contentTypes: string } {
  const files = unzipSync(new Uint8Array(bytes));
  const slides = Object.keys(files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).sort().map((name) => strFromU8(files[name]));
  const presentation = strFromU8(files["ppt/presentation.xml"]);
  const [, cx, cy] = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation) ?? [];
  return { slides, size: { cx: Number(cx), cy: Number(cy) }, contentTypes: strFromU8(files["[Content_Types].xml"]) };
}

/** An MP4's tracks as an MP4 parser reads them: codec, size, duration in seconds, samples. */
export function openedVideo(bytes: Buffer): Promise<{ brands: string[]; tracks: { codec: string; width: number; height: number; seconds: number; samples: number }[] }> {
  return new Promise((resolve, reject) => {
    const file = createFile();
    file.onError = (error: unknown) => reject(new Error(String(error)));
    file.onReady = (info: any) =>
      resolve({
        brands: info.brands,
        tracks: info.videoTracks.map((track: any) => ({ codec: track.codec, width: track.video.width, height: track.video.height, seconds: track.duration / track.timescale, samples: track.nb_samples })),
      });
    const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, 0);
    file.appendBuffer(buffer);
    file.flush();
  });
}

/** Waits until the export job has finished and answers its job (for tests with their own platform). */
export const exportJob = (http: HttpClient, token: string, jobId: string) => finishedJob(http, `/v1/exports/${jobId}`, token, 60_000);
