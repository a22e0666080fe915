import { ConfigError, type Settings } from "../settings.js";

/** Where an S3 blob store keeps its objects and how it reaches them (`BLOB_STORE=s3`). */
export interface S3Settings {
  /** Empty: AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  /** The endpoint presigned URLs are signed for, as clients reach the store (when it differs from `endpoint`). */
  publicEndpoint: string | undefined;
  region: string;
  bucket: string;
  /** Prepended to every key: empty, or safe path segments ending in `/`. */
  prefix: string;
  /** Unset: the SDK's usual credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** The size of each part of a multipart upload, which is also what one upload holds in memory per part in flight. */
  partSizeBytes: number;
}

export type BlobStoreSettings =
  | { kind: "file" }
  | { kind: "s3"; s3: S3Settings; /** `presigned`: download URLs are the store's presigned GET URLs, so downloads skip the platform. */ publicUrls: "platform" | "presigned" };

const PREFIX = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){1,8}$/;
/** S3's smallest part (all but the last) and a ceiling that keeps an upload's memory bounded. */
const PART_SIZE_RANGE = { min: 5 * 1024 * 1024, max: 64 * 1024 * 1024 };

/**
 * BLOB_STORE and, for `s3`, the S3_* settings. Every variable is read whatever the store (so the
 * reference lists them all); only the chosen store's are checked.
 */
export function readBlobStoreSettings(settings: Settings): BlobStoreSettings {
  const kind = settings.choice("BLOB_STORE", ["file", "s3"] as const, "file");
  const endpoint = settings.url("S3_ENDPOINT")?.href.replace(/\/$/, "");
  const publicEndpoint = settings.url("S3_PUBLIC_ENDPOINT")?.href.replace(/\/$/, "");
  const region = settings.string("S3_REGION", "us-east-1");
  const bucket = settings.optionalString("S3_BUCKET");
  const rawPrefix = settings.optionalString("S3_PREFIX") ?? "";
  const accessKeyId = settings.optionalString("S3_ACCESS_KEY_ID");
  const secretAccessKey = settings.optionalString("S3_SECRET_ACCESS_KEY");
  const forcePathStyle = settings.boolean("S3_FORCE_PATH_STYLE", false);
  const publicUrls = settings.choice("S3_PUBLIC_URLS", ["platform", "presigned"] as const, "platform");
  const partSizeBytes = settings.byteSize("S3_UPLOAD_PART_SIZE", "8mb");
  if (kind === "file") return { kind };

  if (!bucket) throw new ConfigError("BLOB_STORE=s3 needs S3_BUCKET");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and dashes), got "${bucket}"`);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's credential chain");
  const prefix = rawPrefix === "" || rawPrefix.endsWith("/") ? rawPrefix : `${rawPrefix}/`;
  if (prefix !== "" && !PREFIX.test(prefix)) throw new ConfigError(`S3_PREFIX must be path segments of letters, digits, dots, dashes and underscores, got "${rawPrefix}"`);
  if (partSizeBytes < PART_SIZE_RANGE.min || partSizeBytes > PART_SIZE_RANGE.max) throw new ConfigError("S3_UPLOAD_PART_SIZE must be between 5mb and 64mb");
  return {
    kind,
    publicUrls,
    s3: {
      endpoint,
      publicEndpoint,
      region,
      bucket,
      prefix,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle,
      partSizeBytes,
    },
  };
}
