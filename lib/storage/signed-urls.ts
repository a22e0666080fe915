import { createHmac, timingSafeEqual } from "node:crypto";
import { assertValidKey } from "./blob-store.js";

/** What a signed URL lets its holder do: read a blob (`GET /blobs/<key>`) or send one upload (`PUT /uploads/<key>`). */
export type SignedPurpose = "download" | "upload";

const ROUTE: Record<SignedPurpose, string> = { download: "blobs", upload: "uploads" };

/** URLs that expire: `/<route>/<key>?expires=<unix seconds>&signature=<hex HMAC-SHA256>`. */
export class SignedUrls {
  private readonly key: Buffer;
  private readonly baseUrl: string;

  constructor(
    key: Buffer,
    baseUrl: string,
  ) {
    this.key = key;
    this.baseUrl = baseUrl;
  }

  private signature(purpose: SignedPurpose, blobKey: string, expires: number): string {
    return createHmac("sha256", this.key).update(`${purpose}\n${blobKey}\n${expires}`).digest("hex");
  }

  /** A URL for `blobKey` valid for `lifetimeSeconds` (24 h for exports, 15 min for thumbnails). */
  sign(blobKey: string, lifetimeSeconds: number, now = Date.now(), purpose: SignedPurpose = "download"): string {
    assertValidKey(blobKey);
    const expires = Math.floor(now / 1000) + lifetimeSeconds;
    const url = new URL(`${this.baseUrl}/${ROUTE[purpose]}/${blobKey}`);
    url.searchParams.set("expires", String(expires));
    url.searchParams.set("signature", this.signature(purpose, blobKey, expires));
    return url.toString();
  }

  /** `valid`, `expired` or `invalid` (unsigned, altered, for another key or purpose), compared in constant time. */
  verify(blobKey: string, expires: unknown, signature: unknown, now = Date.now(), purpose: SignedPurpose = "download"): "valid" | "expired" | "invalid" {
    if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") return "invalid";
    const expected = Buffer.from(this.signature(purpose, blobKey, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return Number(expires) * 1000 < now ? "expired" : "valid";
  }
}
