// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { SignedUrls } from "../storage/signed-urls.js";

describe("signed URLs", () => {
  const urls = new SignedUrls(randomBytes(32), "http://localhost:4000");
  const parts = (url: string) => {
    const parsed = new URL(url);
    return { key: parsed.pathname.replace(/^\/blobs\//, ""), expires: parsed.searchParams.get("expires")!, signature: parsed.searchParams.get("signature")! };
  };

  test("a signed URL is valid until it expires", () => {
    const now = Date.now();
    const { key, expires, signature } = parts(urls.sign("exports/e1/page-1.png", 15 * 60, now));
    assert.equal(key, "exports/e1/page-1.png");
    assert.equal(urls.verify(key, expires, signature, now), "valid");
    assert.equal(urls.verify(key, expires, signature, now + 15 * 60 * 1000 + 1000), "expired");
  });

  test("another key, a changed expiry or signature, another secret: invalid", () => {
    const { key, expires, signature } = parts(urls.sign("exports/e1/page-1.png", 60));
    assert.equal(urls.verify("exports/e1/page-2.png", expires, signature), "invalid");
    assert.equal(urls.verify(key, String(Number(expires) + 3600), signature), "invalid");
    assert.equal(urls.verify(key, expires, signature.replace(/.$/, (c) => (c === "0" ? "1" : "0"))), "invalid");
    assert.equal(urls.verify(key, undefined, undefined), "invalid");
    assert.equal(new SignedUrls(randomBytes(32), "http://localhost:4000").verify(key, expires, signature), "invalid");
  });

  test("a download URL does not open an upload, nor the reverse", () => {
    const now = Date.now();
    const download = parts(urls.sign("u1", 60, now));
    assert.equal(urls.verify("u1", download.expires, download.signature, now, "upload"), "invalid");
    const upload = new URL(urls.sign("u1", 60, now, "upload"));
    assert.equal(upload.pathname, "/uploads/u1");
    const signature = upload.searchParams.get("signature")!;
    assert.equal(urls.verify("u1", upload.searchParams.get("expires"), signature, now, "upload"), "valid");
    assert.equal(urls.verify("u1", upload.searchParams.get("expires"), signature, now, "download"), "invalid");
  });
});
