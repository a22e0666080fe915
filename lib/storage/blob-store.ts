import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredBlob {
  stream: Readable;
  contentType: string;
  size: number;
}

/** Where blobs (uploads, thumbnails, exports) live; one interface whatever the backing store. */
export interface BlobStore {
  /**
   * Stores `data` under `key` and returns its size. A stream is written as it arrives (never held
   * whole in memory); if it fails — a size limit, a sender gone — nothing is left behind.
   */
  put(key: string, data: Buffer | AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  get(key: string): Promise<StoredBlob | undefined>;
  /** Stores a copy of the blob `from` under `to`, without reading it into memory. */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /** Where the blob can be read in place (decoders that need random access), or undefined if it does not exist. */
  localPath(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no hidden files. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,8}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export class InvalidBlobKeyError extends Error {}

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((segment) => segment.includes(".."))) {
    throw new InvalidBlobKeyError(`invalid blob key: ${JSON.stringify(key)}`);
  }
}

/** Blobs as files under one directory (by default `DATA_DIR/blobs`), written atomically. */
export function fileBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  const metaOf = (target: string) => `${target}.meta.json`;
  return {
    async put(key, data, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(temporary, data);
        else await pipeline(Readable.from(data, { objectMode: false }), createWriteStream(temporary));
        const { size } = await stat(temporary);
        await writeFile(metaOf(target), JSON.stringify({ contentType }));
        await rename(temporary, target);
        return size;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async copy(from, to, contentType) {
      const [source, target] = [file(from), file(to)];
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await copyFile(source, temporary);
        await writeFile(metaOf(target), JSON.stringify({ contentType }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async localPath(key) {
      const target = file(key);
      try {
        await stat(target);
        return target;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async get(key) {
      const target = file(key);
      try {
        const [info, meta] = await Promise.all([stat(target), readFile(metaOf(target), "utf8")]);
        return { stream: createReadStream(target), contentType: JSON.parse(meta).contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      const target = file(key);
      await rm(target, { force: true });
      await rm(metaOf(target), { force: true });
    },
  };
}
