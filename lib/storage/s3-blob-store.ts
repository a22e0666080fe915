import { createWriteStream } from "node:fs";
import http from "node:http";
import https from "node:https";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { StoreUnavailableError } from "../unavailable.js";
import { assertValidKey, type BlobStore, type RangeRequest, type StoredBlob } from "./blob-store.js";
import type { S3Settings } from "./blob-store-settings.js";

/** A blob store in an S3 bucket, which can also hand out the store's own presigned download URLs. */
export interface S3BlobStore extends BlobStore {
  readonly kind: "s3";
  /** A presigned GET URL of `key`, signed at `now` and valid `lifetimeSeconds` (at most 7 days, S3's bound). */
  presignedUrl(key: string, lifetimeSeconds: number, now?: number): Promise<string>;
  close(): void;
}

/**
 * When the store counts as away: a connection not open within `connect`, an answer not begun within
 * `answer` (a part of a multipart upload included), a socket silent for `idle` — which also ends a
 * download whose reader stopped reading, so it cannot hold one of the store's connections for ever.
 */
const TIMEOUT_MS = { connect: 3_000, answer: 120_000, idle: 30_000 };
export type S3Timeouts = typeof TIMEOUT_MS;
/** Connections to the store at once: downloads have a pool of their own, so readers cannot starve uploads and jobs. */
const SOCKETS = { WORK: 50, DOWNLOADS: 200 };
/** Node's socket errors that mean the store cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED", "UND_ERR_SOCKET"]);

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404 || ["NoSuchKey", "NotFound"].includes((error as SdkError).name ?? "");

/** Answers of a store that cannot serve now (an error, overloaded, Slow Down); a 501 says what it will never do. */
const UNAVAILABLE_STATUS = new Set([429, 500, 502, 503, 504]);

/** The store cannot serve now: not reachable, a connection cut or timed out, or one of `UNAVAILABLE_STATUS`. */
function isUnreachable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return UNAVAILABLE_STATUS.has(status);
  const { name, code, cause } = error as SdkError;
  return name === "TimeoutError" || NETWORK_CODES.has(code ?? "") || NETWORK_CODES.has((cause as SdkError | undefined)?.code ?? "");
}

/** Rethrows a failure of the store: as `StoreUnavailableError` (503, retried) when it cannot be reached, else as it is. */
function storeFailure(error: unknown): never {
  if (isUnreachable(error)) throw new StoreUnavailableError("blob-store", `the blob store cannot be used now: ${(error as Error).message}`, { cause: error });
  throw error;
}

function rangeHeader(range: { start: number; end?: number }): string {
  return `bytes=${range.start}-${range.end ?? ""}`;
}

/** `bytes <start>-<end>/<size>` → the range and the whole object's size. */
function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? "");
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}

function clientFor(settings: S3Settings, endpoint: string | undefined, timeouts: S3Timeouts, maxSockets = SOCKETS.WORK): S3Client {
  const agent = { keepAlive: true, maxSockets };
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (environment, shared files, container and instance roles, web identity).
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all take the newer trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: timeouts.connect,
      requestTimeout: timeouts.answer,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idle,
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent),
    },
  });
}

/** A stream's chunks as they pass, counted into `total.bytes`. */
async function* counted(source: AsyncIterable<Uint8Array>, total: { bytes: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    total.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * Blobs as objects under `S3_PREFIX` in one bucket of S3 or an S3-compatible store. Streams are sent
 * as they arrive (one PUT when small, a multipart upload of `partSizeBytes` parts otherwise, aborted if
 * the stream fails); reads stream from the store, ranges included; copies are the store's own.
 */
export function s3BlobStore(settings: S3Settings, timeouts: S3Timeouts = TIMEOUT_MS): S3BlobStore {
  const client = clientFor(settings, settings.endpoint, timeouts);
  const downloads = clientFor(settings, settings.endpoint, timeouts, SOCKETS.DOWNLOADS);
  const presigner = settings.publicEndpoint && settings.publicEndpoint !== settings.endpoint ? clientFor(settings, settings.publicEndpoint, timeouts) : client;
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${settings.prefix}${key}`;
  };

  /** The object (or the range of it), undefined when there is none, `unsatisfiable` when the range lies past its end. */
  async function read(key: string, range?: RangeRequest, through = client): Promise<GetObjectCommandOutput | undefined | "unsatisfiable"> {
    const Key = objectKey(key);
    if (range && "suffix" in range) {
      // Not every S3-compatible server reads suffix ranges (`bytes=-N`): asked as the range they mean.
      const found = await head(key);
      if (!found) return undefined;
      const size = found.ContentLength ?? 0;
      if (range.suffix === 0 || size === 0) return "unsatisfiable";
      range = { start: Math.max(0, size - range.suffix), end: size - 1 };
    }
    try {
      return await through.send(new GetObjectCommand({ Bucket, Key, Range: range && rangeHeader(range) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      if (statusOf(error) === 416) return "unsatisfiable";
      return storeFailure(error);
    }
  }

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      return storeFailure(error);
    }
  }

  return {
    kind: "s3",
    async put(key, data, contentType) {
      const Key = objectKey(key);
      try {
        if (Buffer.isBuffer(data)) {
          await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType: contentType, ContentLength: data.length }));
          return data.length;
        }
        const total = { bytes: 0 };
        const upload = new Upload({
          client,
          params: { Bucket, Key, Body: Readable.from(counted(data, total), { objectMode: false }), ContentType: contentType },
          partSize: settings.partSizeBytes,
          queueSize: 2,
          leavePartsOnError: false,
        });
        await upload.done();
        return total.bytes;
      } catch (error) {
        return storeFailure(error);
      }
    },

    async get(key, range): Promise<StoredBlob | undefined> {
      const object = await read(key, range, downloads);
      if (object === "unsatisfiable") {
        const found = await head(key);
        return found && { stream: Readable.from([]), contentType: found.ContentType ?? "application/octet-stream", size: found.ContentLength ?? 0, range: "unsatisfiable" };
      }
      if (!object) return undefined;
      const stream = object.Body as Readable;
      const contentType = object.ContentType ?? "application/octet-stream";
      const served = parseContentRange(object.ContentRange);
      if (served) return { stream, contentType, size: served.size, range: range && { start: served.start, end: served.end } };
      // A server that ignored the range sent the whole object: it is served whole (200), as HTTP allows.
      return { stream, contentType, size: object.ContentLength ?? 0 };
    },

    async exists(key) {
      return (await head(key)) !== undefined;
    },

    async copy(from, to, contentType) {
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(to), CopySource: `${Bucket}/${objectKey(from)}`, ContentType: contentType, MetadataDirective: "REPLACE" }));
      } catch (error) {
        storeFailure(error);
      }
    },

    async withLocalFile(key, use) {
      const directory = await mkdtemp(path.join(os.tmpdir(), "blob-copy-"));
      try {
        const object = await read(key);
        // Without a range there is nothing to be unsatisfiable.
        if (!object || object === "unsatisfiable") return undefined;
        const file = path.join(directory, "blob");
        try {
          await pipeline(object.Body as Readable, createWriteStream(file));
        } catch (error) {
          storeFailure(error);
        }
        return await use(file);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) storeFailure(error);
      }
    },

    async ping() {
      // An object read, not a bucket request: it needs no more than the permissions the store uses anyway,
      // and tells a missing object (the bucket is there) from a missing bucket.
      try {
        const probe = await client.send(new GetObjectCommand({ Bucket, Key: `${settings.prefix}readiness-probe`, Range: "bytes=0-0" }));
        (probe.Body as Readable).destroy();
      } catch (error) {
        if ((error as SdkError).name === "NoSuchKey") return;
        storeFailure(error);
      }
    },

    presignedUrl(key, lifetimeSeconds, now = Date.now()) {
      return getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn: lifetimeSeconds, signingDate: new Date(now) });
    },

    close() {
      client.destroy();
      downloads.destroy();
      if (presigner !== client) presigner.destroy();
    },
  };
}
