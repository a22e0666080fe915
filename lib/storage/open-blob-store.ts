import path from "node:path";
import type { BlobStoreSettings } from "./blob-store-settings.js";
import type { BlobStore } from "./blob-store.js";
import { fileBlobStore } from "./file-blob-store.js";
import type { Presigner } from "./file-service.js";

export interface OpenedBlobStore {
  blobs: BlobStore;
  /** Set when download URLs are the store's own presigned URLs (`S3_PUBLIC_URLS=presigned`). */
  presign?: Presigner;
  close(): void;
}

/** The deployment's blob store: `DATA_DIR/blobs`, or the S3 bucket (the SDK is loaded only then). */
export async function openBlobStore(settings: BlobStoreSettings, dataDir: string): Promise<OpenedBlobStore> {
  if (settings.kind === "file") return { blobs: fileBlobStore(path.join(dataDir, "blobs")), close: () => undefined };
  const { s3BlobStore } = await import("./s3-blob-store.js");
  const store = s3BlobStore(settings.s3);
  return {
    blobs: store,
    presign: settings.publicUrls === "presigned" ? (key, lifetimeSeconds, now) => store.presignedUrl(key, lifetimeSeconds, now) : undefined,
    close: () => store.close(),
  };
}
