import type { BlobStore } from "./blob-store.js";
import type { SignedUrls } from "./signed-urls.js";

/**
 * The platform's files, for every domain (uploads, thumbnails, exports, imports): bytes stored under
 * safe keys, handed out by signed URLs that expire. What an upload's bytes become is the domain's
 * business (its `UploadReceiver`); storing and signing is this service's.
 */
export interface FileService extends BlobStore {
  /**
   * A URL that downloads `key` for `lifetimeSeconds` (15 minutes for thumbnails, 24 hours for exports):
   * the platform's signed `/blobs/…` URL, or the object store's presigned URL when the deployment says so.
   */
  downloadUrl(key: string, lifetimeSeconds: number, now?: number): Promise<string>;
  /** A URL that takes one upload into the slot `slotId` for `lifetimeSeconds`. */
  uploadUrl(slotId: string, lifetimeSeconds: number, now?: number): string;
  /** `valid`, `expired` or `invalid`, for the route that answers a signed URL. */
  verify(key: string, expires: unknown, signature: unknown, purpose: "download" | "upload"): "valid" | "expired" | "invalid";
}

/** Signs a download URL of the store itself (S3's presigned GET). */
export type Presigner = (key: string, lifetimeSeconds: number, now?: number) => Promise<string>;

export function createFileService(blobs: BlobStore, signedUrls: SignedUrls, presign?: Presigner): FileService {
  return {
    kind: blobs.kind,
    put: (key, data, contentType) => blobs.put(key, data, contentType),
    copy: (from, to, contentType) => blobs.copy(from, to, contentType),
    exists: (key) => blobs.exists(key),
    withLocalFile: (key, use) => blobs.withLocalFile(key, use),
    get: (key, range) => blobs.get(key, range),
    delete: (key) => blobs.delete(key),
    ping: () => blobs.ping(),
    downloadUrl: async (key, lifetimeSeconds, now) => (presign ? presign(key, lifetimeSeconds, now) : signedUrls.sign(key, lifetimeSeconds, now, "download")),
    uploadUrl: (slotId, lifetimeSeconds, now) => signedUrls.sign(slotId, lifetimeSeconds, now, "upload"),
    verify: (key, expires, signature, purpose) => signedUrls.verify(key, expires, signature, Date.now(), purpose),
  };
}
