import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface StoredBlob {
  stream: Readable;
  contentType: string;
  size: number;
}

/** Where blobs (uploads, thumbnails, exports) live; one interface whatever the backing store. */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | undefined>;
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
      await writeFile(temporary, data);
      await writeFile(metaOf(target), JSON.stringify({ contentType }));
      await rename(temporary, target);
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
