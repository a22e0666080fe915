import { open, type FileHandle } from "node:fs/promises";
import { importFailed } from "./import-errors.js";

/** What a video may ask of the reader before anything past its header is looked at. */
export interface VideoLimits {
  /** Longest video, in seconds. */
  maxSeconds: number;
  /** Largest `moov` box (the header: tracks and sample tables), read whole into memory. */
  maxHeaderBytes: number;
}

/** The settings' defaults (`ASSET_VIDEO_MAX_SECONDS`, `ASSET_VIDEO_MAX_HEADER_BYTES`), for callers without settings of their own. */
export const DEFAULT_VIDEO_LIMITS: VideoLimits = { maxSeconds: 14_400, maxHeaderBytes: 16 * 1024 * 1024 };

export interface VideoFacts {
  width: number;
  height: number;
  durationMs: number;
}

/** Containers of the ISO base media file format: their header is read for the facts. Other videos are kept without. */
export const ISO_VIDEO_FORMATS = new Set(["video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/3gpp2"]);

/** Fixed budgets: a real video is far within each; a crafted one past any is refused before more is read. */
const TOP_LEVEL_BOXES_MAX = 1024;
const TRACKS_MAX = 32;
const SAMPLES_PER_TRACK_MAX = 5_000_000;
const SIDE_MAX = 16_384;

const unreadable = () => importFailed("The video could not be read");

interface Box {
  type: string;
  /** Where the box's payload starts and ends in the buffer it was found in. */
  start: number;
  end: number;
}

/** The size and header length of a box whose header is at `at` of `header` (16 bytes read, or fewer at the end). */
function boxSize(header: Buffer, at: number, available: number): { size: number; headerLength: number } {
  const size = header.readUInt32BE(at);
  if (size === 0) return { size: available, headerLength: 8 };
  if (size !== 1) return { size, headerLength: 8 };
  if (available < 16) throw unreadable();
  const large = header.readBigUInt64BE(at + 8);
  return { size: large > BigInt(available) ? Infinity : Number(large), headerLength: 16 };
}

/** The boxes between `from` and `to` of `buffer`; a box that does not fit is unreadable. */
function* boxesIn(buffer: Buffer, from: number, to: number): Generator<Box> {
  for (let at = from; at + 8 <= to; ) {
    const { size, headerLength } = boxSize(buffer, at, to - at);
    if (size < headerLength || at + size > to) throw unreadable();
    yield { type: buffer.toString("latin1", at + 4, at + 8), start: at + headerLength, end: at + size };
    at += size;
  }
}

const childOf = (buffer: Buffer, box: Box | undefined, type: string) => (box ? [...boxesIn(buffer, box.start, box.end)].find((child) => child.type === type) : undefined);

/** `box` holds at least `bytes` bytes of payload, or it is unreadable. */
function need(box: Box, bytes: number): Box {
  if (box.end - box.start < bytes) throw unreadable();
  return box;
}

/** The duration of an `mvhd` or `mdhd` box in milliseconds (0 when unknown). */
function durationMsOf(buffer: Buffer, box: Box): number {
  const version1 = buffer[need(box, 20).start] === 1;
  if (version1) need(box, 32);
  const timescale = buffer.readUInt32BE(box.start + (version1 ? 20 : 12));
  const duration = version1 ? Number(buffer.readBigUInt64BE(box.start + 24)) : buffer.readUInt32BE(box.start + 16);
  if (timescale === 0) throw unreadable();
  return duration === 0xffffffff ? 0 : Math.round((duration * 1000) / timescale);
}

/** Width and height a track shows: its header's, turned a quarter when its matrix turns it; else its first sample entry's. */
function pictureSize(buffer: Buffer, tkhd: Box | undefined, stsd: Box | undefined): { width: number; height: number } {
  if (tkhd) {
    const version1 = buffer[need(tkhd, 84).start] === 1;
    const matrix = tkhd.start + (version1 ? 52 : 40);
    if (version1) need(tkhd, 96);
    const width = buffer.readUInt32BE(matrix + 36) >>> 16;
    const height = buffer.readUInt32BE(matrix + 40) >>> 16;
    const quarterTurn = buffer.readInt32BE(matrix) === 0 && buffer.readInt32BE(matrix + 4) !== 0;
    if (width && height) return quarterTurn ? { width: height, height: width } : { width, height };
  }
  const entry = stsd ? [...boxesIn(buffer, need(stsd, 8).start + 8, stsd.end)][0] : undefined;
  if (!entry) throw unreadable();
  need(entry, 28);
  return { width: buffer.readUInt16BE(entry.start + 24), height: buffer.readUInt16BE(entry.start + 26) };
}

interface Track {
  handler: string;
  durationMs: number;
  samples: number;
  tkhd?: Box;
  stsd?: Box;
}

function trackOf(buffer: Buffer, trak: Box): Track {
  const mdia = childOf(buffer, trak, "mdia");
  const mdhd = childOf(buffer, mdia, "mdhd");
  const hdlr = childOf(buffer, mdia, "hdlr");
  const stbl = childOf(buffer, childOf(buffer, mdia, "minf"), "stbl");
  if (!mdhd || !hdlr) throw unreadable();
  const sizes = childOf(buffer, stbl, "stsz") ?? childOf(buffer, stbl, "stz2");
  return {
    handler: buffer.toString("latin1", need(hdlr, 12).start + 8, hdlr.start + 12),
    durationMs: durationMsOf(buffer, mdhd),
    samples: sizes ? buffer.readUInt32BE(need(sizes, 12).start + 8) : 0,
    tkhd: childOf(buffer, trak, "tkhd"),
    stsd: childOf(buffer, stbl, "stsd"),
  };
}

/** The facts of a `moov` box's payload, each budget checked as soon as what it bounds is known. */
export function factsOfHeader(moov: Buffer, limits: VideoLimits): VideoFacts {
  let movieMs = 0;
  let longestTrackMs = 0;
  let tracks = 0;
  let picture: { width: number; height: number } | undefined;
  for (const box of boxesIn(moov, 0, moov.length)) {
    if (box.type === "mvhd") movieMs = durationMsOf(moov, box);
    if (box.type !== "trak") continue;
    if (++tracks > TRACKS_MAX) throw importFailed(`The video has more than ${TRACKS_MAX} tracks`);
    const track = trackOf(moov, box);
    if (track.samples > SAMPLES_PER_TRACK_MAX) throw importFailed(`A track of the video declares more than ${SAMPLES_PER_TRACK_MAX} samples`);
    longestTrackMs = Math.max(longestTrackMs, track.durationMs);
    if (track.handler === "vide" && !picture) picture = pictureSize(moov, track.tkhd, track.stsd);
  }
  if (!picture) throw importFailed("The file has no video track");
  if (!picture.width || !picture.height || picture.width > SIDE_MAX || picture.height > SIDE_MAX) {
    throw importFailed(`The video's ${picture.width} × ${picture.height} pixels are outside 1 to ${SIDE_MAX} a side`);
  }
  const durationMs = movieMs || longestTrackMs;
  if (durationMs > limits.maxSeconds * 1000) throw importFailed(`The video is longer than the ${limits.maxSeconds} second limit (ASSET_VIDEO_MAX_SECONDS)`);
  return { ...picture, durationMs };
}

/** Finds the `moov` box among the file's top-level boxes (skipping the media data unread) and reads it, within the budgets. */
async function headerOf(file: FileHandle, fileSize: number, limits: VideoLimits): Promise<Buffer> {
  const header = Buffer.alloc(16);
  for (let at = 0, boxes = 0; at + 8 <= fileSize; boxes++) {
    if (boxes >= TOP_LEVEL_BOXES_MAX) throw importFailed(`The video has more than ${TOP_LEVEL_BOXES_MAX} top-level boxes`);
    await file.read(header, 0, 16, at);
    const { size, headerLength } = boxSize(header, 0, fileSize - at);
    if (size < headerLength || at + size > fileSize) throw unreadable();
    if (header.toString("latin1", 4, 8) === "moov") {
      if (size - headerLength > limits.maxHeaderBytes) {
        throw importFailed(`The video's header is larger than the ${limits.maxHeaderBytes} byte limit (ASSET_VIDEO_MAX_HEADER_BYTES)`);
      }
      const moov = Buffer.alloc(size - headerLength);
      await file.read(moov, 0, moov.length, at + headerLength);
      return moov;
    }
    at += size;
  }
  throw unreadable();
}

/**
 * A video's dimensions and duration from its container's header, read in place: the media data is
 * skipped unread and nothing is decoded. Every count and size the file declares is checked against a
 * budget before it is relied on, and nothing is allocated from a declared count.
 */
export async function videoFacts(path: string, fileSize: number, limits: VideoLimits): Promise<VideoFacts> {
  const file = await open(path, "r");
  try {
    return factsOfHeader(await headerOf(file, fileSize, limits), limits);
  } finally {
    await file.close();
  }
}
