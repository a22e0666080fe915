import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, resolveRange, type BlobStore } from "./blob-store.js";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Blobs as files under one directory (by default `DATA_DIR/blobs`), written atomically. */
export function fileBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  const metaOf = (target: string) => `${target}.meta.json`;

  /** Writes `target` through a temporary file renamed into place, so a reader never sees half a blob. */
  async function writeAtomically(target: string, contentType: string, write: (temporary: string) => Promise<void>): Promise<number> {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await write(temporary);
      const { size } = await stat(temporary);
      await writeFile(metaOf(target), JSON.stringify({ contentType }));
      await rename(temporary, target);
      return size;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await stat(file(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    kind: "file",
    async put(key, data, contentType) {
      return writeAtomically(file(key), contentType, async (temporary) => {
        if (Buffer.isBuffer(data)) await writeFile(temporary, data);
        else await pipeline(Readable.from(data, { objectMode: false }), createWriteStream(temporary));
      });
    },
    async copy(from, to, contentType) {
      const source = file(from);
      await writeAtomically(file(to), contentType, (temporary) => copyFile(source, temporary));
    },
    exists,
    async withLocalFile(key, use) {
      return (await exists(key)) ? use(file(key)) : undefined;
    },
    async get(key, range) {
      const target = file(key);
      try {
        const [info, meta] = await Promise.all([stat(target), readFile(metaOf(target), "utf8")]);
        const contentType = JSON.parse(meta).contentType;
        const bytes = range && resolveRange(range, info.size);
        if (bytes === "unsatisfiable") return { stream: Readable.from([]), contentType, size: info.size, range: bytes };
        return { stream: createReadStream(target, bytes), contentType, size: info.size, range: bytes };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const target = file(key);
      await rm(target, { force: true });
      await rm(metaOf(target), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
