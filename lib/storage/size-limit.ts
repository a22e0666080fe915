/** A stream passed past its size limit: the reader stops there. */
export class SizeLimitExceededError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
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
