import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { PixelSize } from "../export-plan.js";
import { encodedPage, SECONDS_PER_PAGE, type DrawnPages, type ExportFile } from "./export-file.js";

/** Frames per second of an exported video: each page is held for 2 seconds, a key frame where each begins. */
const FRAMES_PER_SECOND = 5;
/** H.264 quantizer (10..51, lower is finer and larger) of each export quality, and encoder speed (0 best .. 10 fastest). */
const QUANTIZER = { regular: 26, pro: 18 } as const;
const SPEED = 8;

type ThreadMessage = { ready: true } | { video: Uint8Array } | { error: string };

/** The encoder thread's next message; its exit or crash is an error. */
async function nextMessage(thread: Worker): Promise<ThreadMessage> {
  const [message] = (await Promise.race([once(thread, "message"), once(thread, "error").then(([error]) => Promise.reject(error))])) as [ThreadMessage];
  if ("error" in message) throw new Error(`the video encoder failed: ${message.error}`);
  return message;
}

/**
 * MP4 (H.264, WebAssembly encoder — no native binary): one video showing each page for 2 seconds,
 * fitted into the frame of the quality asked. Encoding runs on a thread of its own (it is synchronous
 * and would hold the process up for seconds); frames go one at a time, so one page's pixels wait at most.
 */
export async function mp4File(pages: DrawnPages, frame: PixelSize, options: { pro: boolean }): Promise<ExportFile[]> {
  const quantizer = QUANTIZER[options.pro ? "pro" : "regular"];
  const thread = new Worker(new URL("./mp4-encoder-thread.mjs", import.meta.url), {
    workerData: { ...frame, framesPerSecond: FRAMES_PER_SECOND, framesPerPage: FRAMES_PER_SECOND * SECONDS_PER_PAGE, quantizer, speed: SPEED },
  });
  try {
    await nextMessage(thread);
    for (const [index] of pages.targets.entries()) {
      const rgba = await encodedPage(pages, index, (image) => image.ensureAlpha().raw().toBuffer());
      const frameBytes = rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + rgba.byteLength);
      thread.postMessage({ frame: frameBytes }, [frameBytes]);
      await nextMessage(thread);
    }
    thread.postMessage({ end: true });
    const finished = await nextMessage(thread);
    if (!("video" in finished)) throw new Error("the video encoder answered out of turn");
    return [{ name: "design.mp4", contentType: "video/mp4", bytes: Buffer.from(finished.video) }];
  } finally {
    await thread.terminate();
  }
}
