import type { Readable } from "node:stream";

/** The bytes `start` to `end` (inclusive) of a blob, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A range as a reader asks for it (RFC 9110 byte ranges): from `start` (to `end`, else the end), or the last `suffix` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface StoredBlob {
  stream: Readable;
  contentType: string;
  /** The whole blob's size (a ranged read's stream carries only the range). */
  size: number;
  /** With a range asked for: the bytes the stream carries, or `unsatisfiable` (none: the range lies past the end). */
  range?: ByteRange | "unsatisfiable";
}

/** Where blobs (uploads, thumbnails, exports) live; one interface whatever the backing store. */
export interface BlobStore {
  /** `file` (a directory) or `s3` (a bucket of an S3-compatible object store). */
  readonly kind: "file" | "s3";
  /**
   * Stores `data` under `key` and returns its size. A stream is written as it arrives (never held
   * whole in memory); if it fails — a size limit, a sender gone, the store away — nothing is left behind.
   */
  put(key: string, data: Buffer | AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** The blob, or only `range` of it (clipped to its size), or undefined if it does not exist. */
  get(key: string, range?: RangeRequest): Promise<StoredBlob | undefined>;
  exists(key: string): Promise<boolean>;
  /** Stores a copy of the blob `from` under `to`, without reading it through this process. */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /**
   * Runs `use` with a local file holding the blob (decoders that need random access: pdf.js, sharp,
   * the video demuxer): the file itself in a file store, a temporary copy removed once `use` settles in
   * an object store. Undefined (and `use` not run) if the blob does not exist.
   */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T | undefined>;
  delete(key: string): Promise<void>;
  /** Resolves when the store can be used now (`/readyz`'s `blob-store` check). */
  ping(): Promise<void>;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no hidden files. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,8}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export class InvalidBlobKeyError extends Error {}

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((segment) => segment.includes(".."))) {
    throw new InvalidBlobKeyError(`invalid blob key: ${JSON.stringify(key)}`);
  }
}

/** The bytes `range` asks for in a blob of `size` bytes, the end clipped to the last byte. */
export function resolveRange(range: RangeRequest, size: number): ByteRange | "unsatisfiable" {
  if ("suffix" in range) return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : "unsatisfiable";
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return "unsatisfiable";
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
