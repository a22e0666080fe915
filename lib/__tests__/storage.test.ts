// @tier unit
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { after, before, describe, test } from "node:test";
import { fileBlobStore, InvalidBlobKeyError, type BlobStore } from "../storage/blob-store.js";
import { SignedUrls } from "../storage/signed-urls.js";

let root: string;
let store: BlobStore;
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "blobs-"));
  store = fileBlobStore(root);
});
after(() => rm(root, { recursive: true, force: true }));

describe("blob store", () => {
  test("put, get and delete keep bytes and content type", async () => {
    await store.put("assets/a1/original", Buffer.from("hello"), "image/png");
    const blob = await store.get("assets/a1/original");
    assert.deepEqual([await text(blob!.stream), blob!.contentType, blob!.size], ["hello", "image/png", 5]);
    await store.put("assets/a1/original", Buffer.from("replaced"), "image/jpeg");
    assert.equal(await text((await store.get("assets/a1/original"))!.stream), "replaced");
    await store.delete("assets/a1/original");
    assert.equal(await store.get("assets/a1/original"), undefined);
    assert.deepEqual(await readdir(path.join(root, "assets/a1")), [], "no temporary or metadata files are left behind");
  });

  test("keys cannot leave the store", async () => {
    for (const key of ["../escape", "a/../../b", "/etc/passwd", ".hidden", "a//b", "", "a/b\\c", "x".repeat(200)]) {
      await assert.rejects(store.put(key, Buffer.from("x"), "text/plain"), InvalidBlobKeyError, key);
    }
  });
});

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
