// The H.264 encoder (WebAssembly, synchronous) runs on this thread so the process it serves stays
// responsive: frames arrive one at a time (acknowledged, so at most one waits), the video goes back.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

// The encoder is CommonJS; on load it installs handlers that rethrow every uncaught error: removed again.
const before = { exception: process.listeners("uncaughtException"), rejection: process.listeners("unhandledRejection") };
const { createH264MP4Encoder } = createRequire(import.meta.url)("h264-mp4-encoder");
for (const listener of process.listeners("uncaughtException")) if (!before.exception.includes(listener)) process.removeListener("uncaughtException", listener);
for (const listener of process.listeners("unhandledRejection")) if (!before.rejection.includes(listener)) process.removeListener("unhandledRejection", listener);

const { width, height, framesPerSecond, framesPerPage, quantizer, speed } = workerData;
const output = "export.mp4";
const encoder = await createH264MP4Encoder();
Object.assign(encoder, { width, height, frameRate: framesPerSecond, quantizationParameter: quantizer, speed, groupOfPictures: framesPerPage, outputFilename: output });
encoder.initialize();

parentPort.on("message", (message) => {
  try {
    if (message.frame) {
      const rgba = new Uint8Array(message.frame);
      for (let shown = 0; shown < framesPerPage; shown++) encoder.addFrameRgba(rgba);
      parentPort.postMessage({ ready: true });
      return;
    }
    encoder.finalize();
    const video = encoder.FS.readFile(output);
    encoder.delete();
    parentPort.postMessage({ video }, [video.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
