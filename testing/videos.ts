import { createRequire } from "node:module";

/** Videos made by the tests themselves: real H.264 MP4s from the installed encoder, and containers built box by box. */

/** An ISO base media box: a 32-bit size, its type, then its payload. */
export function isoBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

/** A box whose header declares a 64-bit size of `declared` bytes, whatever follows. */
export function largeSizeBox(type: string, declared: bigint): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write(type, 4, "latin1");
  header.writeBigUInt64BE(declared, 8);
  return header;
}

/** A full box: version and flags, then the fields as 32-bit words. */
function fullBox(type: string, words: number[], extra: Buffer = Buffer.alloc(0)): Buffer {
  const fields = Buffer.alloc(4 + words.length * 4);
  words.forEach((word, i) => fields.writeUInt32BE(word >>> 0, 4 + i * 4));
  return isoBox(type, fields, extra);
}

export interface ContainerShape {
  width: number;
  height: number;
  /** Duration in the movie's timescale (1000: milliseconds). */
  durationMs: number;
  /** Tracks besides the video track (sound tracks). */
  extraTracks?: number;
  /** Samples each track's `stsz` declares (all of one size: no table follows). */
  samples?: number;
  /** The video track's matrix turns it a quarter (as a phone held upright records). */
  quarterTurn?: boolean;
  /** Bytes of a `free` box inside the header. */
  headerPadding?: number;
}

function track(handler: "vide" | "soun", shape: ContainerShape): Buffer {
  const matrix = shape.quarterTurn && handler === "vide" ? [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000] : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  const size = handler === "vide" ? [shape.width * 0x10000, shape.height * 0x10000] : [0, 0];
  const tkhd = fullBox("tkhd", [0, 0, 1, 0, shape.durationMs, 0, 0, 0, 0, ...matrix, ...size]);
  const mdhd = fullBox("mdhd", [0, 0, 1000, shape.durationMs, 0]);
  const hdlr = fullBox("hdlr", [0], Buffer.from(`${handler}\0\0\0\0\0\0\0\0\0\0\0\0\0`, "latin1"));
  const stsz = fullBox("stsz", [1000, shape.samples ?? 25]);
  return isoBox("trak", tkhd, isoBox("mdia", mdhd, hdlr, isoBox("minf", isoBox("stbl", stsz))));
}

/** The header of a video of `shape`: `ftyp` and `moov` (no media). */
export function videoHeader(shape: ContainerShape): Buffer {
  const ftyp = isoBox("ftyp", Buffer.from("isom\0\0\0\0isommp42", "latin1"));
  const mvhd = fullBox("mvhd", [0, 0, 1000, shape.durationMs, 0x10000, 0x01000000, 0, 0, 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000, 0, 0, 0, 0, 0, 0, 2]);
  const tracks = [track("vide", shape), ...Array.from({ length: shape.extraTracks ?? 0 }, () => track("soun", shape))];
  const padding = shape.headerPadding ? [isoBox("free", Buffer.alloc(shape.headerPadding))] : [];
  return Buffer.concat([ftyp, isoBox("moov", mvhd, ...tracks, ...padding)]);
}

/** A video file of `shape` whose media data box runs to the end of the file (its size field 0), `mediaBytes` long. */
export function videoContainer(shape: ContainerShape, mediaBytes = 1024): Buffer {
  const mdat = Buffer.alloc(8 + mediaBytes);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([videoHeader(shape), mdat]);
}

/** A real H.264 MP4 of `frames` frames at `framesPerSecond`, encoded by the installed WebAssembly encoder: a colour ramp. */
export async function encodedMp4(width: number, height: number, frames: number, framesPerSecond: number): Promise<Buffer> {
  // The encoder installs handlers that rethrow every uncaught error when it loads: removed again.
  const before = { exception: process.listeners("uncaughtException"), rejection: process.listeners("unhandledRejection") };
  const { createH264MP4Encoder } = createRequire(import.meta.url)("h264-mp4-encoder");
  for (const listener of process.listeners("uncaughtException")) if (!before.exception.includes(listener)) process.removeListener("uncaughtException", listener);
  for (const listener of process.listeners("unhandledRejection")) if (!before.rejection.includes(listener)) process.removeListener("unhandledRejection", listener);
  const encoder = await createH264MP4Encoder();
  Object.assign(encoder, { width, height, frameRate: framesPerSecond, outputFilename: "test.mp4" });
  encoder.initialize();
  for (let frame = 0; frame < frames; frame++) {
    const rgba = new Uint8Array(width * height * 4).map((_v, i) => (i % 4 === 3 ? 255 : (frame * 8 + i) % 256));
    encoder.addFrameRgba(rgba);
  }
  encoder.finalize();
  const video = Buffer.from(encoder.FS.readFile("test.mp4"));
  encoder.delete();
  return video;
}
