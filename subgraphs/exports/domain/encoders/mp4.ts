import { createRequire } from "node:module";
import type { PixelSize } from "../export-plan.js";
import { SECONDS_PER_PAGE, type DrawnPages, type ExportFile } from "./export-file.js";

type Encoders = typeof import("h264-mp4-encoder");

/** Frames per second of an exported video: each page is held for 2 seconds, a key frame where each begins. */
const FRAMES_PER_SECOND = 5;
/** H.264 quantizer (10..51, lower is better) and encoder speed (0 best .. 10 fastest). */
const QUANTIZER = 26;
const SPEED = 8;

let loaded: Encoders | undefined;

/**
 * The WASM encoder (H.264 in MP4, no native binary), loaded once. It is CommonJS, and on load it
 * installs process-wide handlers that rethrow every uncaught error: those are removed again.
 */
function encoders(): Encoders {
  if (loaded) return loaded;
  const before = { exception: process.listeners("uncaughtException"), rejection: process.listeners("unhandledRejection") };
  loaded = createRequire(import.meta.url)("h264-mp4-encoder") as Encoders;
  for (const listener of process.listeners("uncaughtException")) if (!before.exception.includes(listener)) process.removeListener("uncaughtException", listener);
  for (const listener of process.listeners("unhandledRejection")) if (!before.rejection.includes(listener)) process.removeListener("unhandledRejection", listener);
  return loaded;
}

let sequence = 0;

/** MP4 (H.264): one video showing each page for 2 seconds, fitted into the frame of the quality asked. */
export async function mp4File(pages: DrawnPages, frame: PixelSize): Promise<ExportFile[]> {
  const encoder = await encoders().createH264MP4Encoder();
  // The encoders of a process share one in-memory file system.
  const output = `export-${process.pid}-${sequence++}.mp4`;
  const repeat = FRAMES_PER_SECOND * SECONDS_PER_PAGE;
  try {
    Object.assign(encoder, { width: frame.width, height: frame.height, frameRate: FRAMES_PER_SECOND, quantizationParameter: QUANTIZER, speed: SPEED, groupOfPictures: repeat, outputFilename: output });
    encoder.initialize();
    for (const [index] of pages.targets.entries()) {
      const rgba = await (await pages.draw(index)).ensureAlpha().raw().toBuffer();
      for (let shown = 0; shown < repeat; shown++) encoder.addFrameRgba(rgba);
    }
    encoder.finalize();
    return [{ name: "design.mp4", contentType: "video/mp4", bytes: Buffer.from(encoder.FS.readFile(output)) }];
  } finally {
    try {
      encoder.FS.unlink(output);
    } catch {
      // never written: the encoder failed before finishing
    }
    encoder.delete();
  }
}
