import type { Readable } from "node:stream";
import type { BlobStore } from "./blob-store.js";

/** A stream passed past its size limit: the reader stops there. */
export class SizeLimitExceededError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`more than ${limit} bytes`);
    this.limit = limit;
  }
}

/**
 * The chunks of `source` as they arrive, counted: the first chunk past `maxBytes` ends the reading
 * with `SizeLimitExceededError`, so what reads on (a blob being written) stops and is discarded.
 */
export async function* upTo(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw new SizeLimitExceededError(maxBytes);
    yield chunk;
  }
}

/** An upload's body, and its size when the sender declared one (Content-Length). */
export interface IncomingBody {
  body: Readable;
  declaredBytes?: number;
}

/**
 * Writes a request body to `key` as it arrives, stopping past `maxBytes` (the partial file is not
 * kept and the request is not destroyed: its answer still has to be sent); a declared size past
 * the limit is refused before anything is read. Returns the size stored, `too_big`, or `aborted`
 * when the sender went away mid-body.
 */
export async function storeBodyUpTo(
  blobs: Pick<BlobStore, "put">,
  key: string,
  { body, declaredBytes }: IncomingBody,
  maxBytes: number,
): Promise<number | "too_big" | "aborted"> {
  if (declaredBytes !== undefined && declaredBytes > maxBytes) return "too_big";
  try {
    return await blobs.put(key, upTo(body.iterator({ destroyOnReturn: false }), maxBytes), "application/octet-stream");
  } catch (error) {
    if (error instanceof SizeLimitExceededError) return "too_big";
    // Gone before its end; a body read to its end and closed since is not a sender gone (the store failed).
    if (body.readableAborted || (body.destroyed && !body.readableEnded)) return "aborted";
    throw error;
  }
}
