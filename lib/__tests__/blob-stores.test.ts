// @tier unit
// @depends s3
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { access, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer, text } from "node:stream/consumers";
import { after, before, describe, test } from "node:test";
import { startTestS3, type TestS3 } from "../../testing/s3.js";
import { Settings } from "../settings.js";
import { readBlobStoreSettings, type S3Settings } from "../storage/blob-store-settings.js";
import { InvalidBlobKeyError, type BlobStore } from "../storage/blob-store.js";
import { fileBlobStore } from "../storage/file-blob-store.js";
import { s3BlobStore, type S3BlobStore } from "../storage/s3-blob-store.js";
import { isDependencyUnavailable, StoreUnavailableError } from "../unavailable.js";

const MIB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** `bytes` sent in 1 MiB chunks, failing with `failure` after `failAfter` bytes when given. */
async function* chunksOf(bytes: Buffer, failAfter?: number, failure = new Error("the sender went away")): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += MIB) {
    if (failAfter !== undefined && offset >= failAfter) throw failure;
    yield bytes.subarray(offset, offset + MIB);
  }
}

let s3: TestS3;
let root: string;
before(async () => {
  s3 = await startTestS3();
  root = await mkdtemp(path.join(os.tmpdir(), "blobs-"));
});
after(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const s3Settings = (prefix: string): S3Settings => {
  const config = readBlobStoreSettings(new Settings({ ...s3.env(prefix), S3_UPLOAD_PART_SIZE: "5mb" }));
  assert.equal(config.kind, "s3");
  return config.kind === "s3" ? config.s3 : (undefined as never);
};

/** What is left of the store besides blobs: temporary files of the file store, unfinished multipart uploads of S3. */
const leftovers: Record<"file" | "s3", () => Promise<number>> = {
  file: async () => (await readdir(root, { recursive: true })).filter((name) => String(name).endsWith(".tmp")).length,
  s3: () => s3.pendingMultipartUploads(),
};

const stores: { kind: "file" | "s3"; open: () => BlobStore }[] = [
  { kind: "file", open: () => fileBlobStore(root) },
  { kind: "s3", open: () => s3BlobStore(s3Settings("contract/")) },
];

for (const { kind, open } of stores) {
  describe(`the ${kind} blob store keeps the contract every store keeps`, () => {
    let store: BlobStore;
    before(() => (store = open()));
    after(() => (store as Partial<S3BlobStore>).close?.());

    test("put, get, exists and delete keep bytes and content type; a put replaces", async () => {
      assert.equal(await store.put("assets/a1/original", Buffer.from("hello"), "image/png"), 5);
      const blob = await store.get("assets/a1/original");
      assert.deepEqual([await text(blob!.stream), blob!.contentType, blob!.size, blob!.range], ["hello", "image/png", 5, undefined]);
      assert.equal(await store.exists("assets/a1/original"), true);
      await store.put("assets/a1/original", Buffer.from("replaced"), "image/jpeg");
      const replaced = await store.get("assets/a1/original");
      assert.deepEqual([await text(replaced!.stream), replaced!.contentType], ["replaced", "image/jpeg"]);
      await store.delete("assets/a1/original");
      await store.delete("assets/a1/original");
      assert.equal(await store.get("assets/a1/original"), undefined);
      assert.equal(await store.exists("assets/a1/original"), false);
    });

    test("a stream larger than several parts is stored whole, and its size returned", async () => {
      const bytes = randomBytes(12 * MIB + 123);
      assert.equal(await store.put("exports/e1/big.bin", chunksOf(bytes), "application/octet-stream"), bytes.length);
      const blob = await store.get("exports/e1/big.bin");
      assert.equal(blob!.size, bytes.length);
      assert.equal(sha(await buffer(blob!.stream)), sha(bytes));
      assert.equal(await leftovers[kind](), 0);
    });

    test("a stream that fails midway (a sender gone, a size limit) leaves nothing: no blob, no partial object or file", async () => {
      await store.put("uploads/u1", Buffer.from("earlier"), "text/plain");
      for (const failAfter of [2 * MIB, 11 * MIB]) {
        const failure = new Error(`gone after ${failAfter} bytes`);
        await assert.rejects(store.put("uploads/u1", chunksOf(randomBytes(16 * MIB), failAfter, failure), "application/octet-stream"), (error) => error === failure);
        assert.equal(await text((await store.get("uploads/u1"))!.stream), "earlier", "the earlier blob is untouched");
        await assert.rejects(store.put("uploads/u2", chunksOf(randomBytes(16 * MIB), failAfter, failure), "application/octet-stream"), (error) => error === failure);
        assert.equal(await store.exists("uploads/u2"), false);
      }
      assert.equal(await leftovers[kind](), 0, "aborted multipart uploads and temporary files are cleaned");
    });

    test("ranges: from-to, from, the last bytes, an end past the size clipped, a start past it unsatisfiable", async () => {
      const bytes = Buffer.from("0123456789");
      await store.put("exports/e2/digits.txt", bytes, "text/plain");
      const read = async (range: Parameters<BlobStore["get"]>[1]) => {
        const blob = (await store.get("exports/e2/digits.txt", range))!;
        return { range: blob.range, size: blob.size, text: await text(blob.stream) };
      };
      assert.deepEqual(await read({ start: 2, end: 4 }), { range: { start: 2, end: 4 }, size: 10, text: "234" });
      assert.deepEqual(await read({ start: 7 }), { range: { start: 7, end: 9 }, size: 10, text: "789" });
      assert.deepEqual(await read({ suffix: 3 }), { range: { start: 7, end: 9 }, size: 10, text: "789" });
      assert.deepEqual(await read({ start: 8, end: 50 }), { range: { start: 8, end: 9 }, size: 10, text: "89" });
      assert.deepEqual(await read({ start: 10 }), { range: "unsatisfiable", size: 10, text: "" });
      assert.equal(await store.get("exports/e2/absent.txt", { start: 0 }), undefined);
    });

    test("copy makes a second blob with its own content type; the source stays", async () => {
      await store.put("uploads/u3", Buffer.from("image bytes"), "application/octet-stream");
      await store.copy("uploads/u3", "assets/a3/original", "image/webp");
      const copy = (await store.get("assets/a3/original"))!;
      assert.deepEqual([await text(copy.stream), copy.contentType], ["image bytes", "image/webp"]);
      assert.equal(await store.exists("uploads/u3"), true);
    });

    test("a local file for decoders: the blob's bytes, gone afterwards in an object store, even when the decoder fails", async () => {
      const bytes = randomBytes(3 * MIB);
      await store.put("imports/i1/source", bytes, "application/pdf");
      let seen = "";
      const read = await store.withLocalFile("imports/i1/source", async (file) => {
        seen = file;
        return sha(await readFile(file));
      });
      assert.equal(read, sha(bytes));
      await assert.rejects(
        store.withLocalFile("imports/i1/source", async (file) => {
          seen = file;
          throw new Error("undecodable");
        }),
        /undecodable/,
      );
      if (kind === "s3") await assert.rejects(access(seen), { code: "ENOENT" }, "the temporary copy is removed");
      let called = false;
      assert.equal(await store.withLocalFile("imports/i1/absent", async () => (called = true)), undefined);
      assert.equal(called, false);
    });

    test("keys cannot leave the store", async () => {
      for (const key of ["../escape", "a/../../b", "/etc/passwd", ".hidden", "a//b", "", "a/b\\c", "x".repeat(200)]) {
        await assert.rejects(store.put(key, Buffer.from("x"), "text/plain"), InvalidBlobKeyError, key);
        await assert.rejects(store.get(key), InvalidBlobKeyError, key);
      }
    });

    test("ping answers while the store can be used", async () => {
      await store.ping();
    });
  });
}

describe("the S3 store in its bucket", () => {
  let store: S3BlobStore;
  before(() => (store = s3BlobStore(s3Settings("tenant-a/files/"))));
  after(() => store.close());

  test("objects are kept under S3_PREFIX, and deleting one removes the object", async () => {
    await store.put("assets/p1/original", Buffer.from("x"), "image/png");
    assert.deepEqual(await s3.keys("tenant-a/"), ["tenant-a/files/assets/p1/original"]);
    await store.delete("assets/p1/original");
    assert.deepEqual(await s3.keys("tenant-a/"), []);
  });

  test("a presigned URL downloads the object straight from the store until it expires", async () => {
    await store.put("exports/p2/page-1.png", Buffer.from("png bytes"), "image/png");
    const url = await store.presignedUrl("exports/p2/page-1.png", 60);
    assert.equal(new URL(url).origin, s3.endpoint);
    const response = await fetch(url);
    assert.deepEqual([response.status, response.headers.get("content-type"), await response.text()], [200, "image/png", "png bytes"]);
    const expired = await fetch(await store.presignedUrl("exports/p2/page-1.png", 60, Date.now() - 120_000));
    assert.equal(expired.status, 403);
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace("page-1", "page-2");
    assert.equal((await fetch(tampered)).status, 403);
  });

  test("the store away: every operation fails as unavailable (503 upstream, jobs retry); back, it works again", async () => {
    await store.put("uploads/o1", Buffer.from("kept"), "text/plain");
    s3.proxy.cut();
    try {
      const attempts: Promise<unknown>[] = [
        store.ping(),
        store.get("uploads/o1"),
        store.exists("uploads/o1"),
        store.put("uploads/o2", Buffer.from("x"), "text/plain"),
        store.put("uploads/o3", chunksOf(randomBytes(7 * MIB)), "text/plain"),
        store.copy("uploads/o1", "uploads/o4", "text/plain"),
        store.withLocalFile("uploads/o1", async () => "read"),
        store.delete("uploads/o1"),
      ];
      for (const outcome of await Promise.allSettled(attempts)) {
        assert.equal(outcome.status, "rejected");
        const reason = (outcome as PromiseRejectedResult).reason;
        assert.ok(reason instanceof StoreUnavailableError && isDependencyUnavailable(reason), String(reason));
      }
    } finally {
      s3.proxy.restore();
    }
    assert.equal(await text((await store.get("uploads/o1"))!.stream), "kept");
    assert.equal(await store.exists("uploads/o2"), false);
    assert.equal(await s3.pendingMultipartUploads(), 0);
  });

  test("a store that takes connections and never answers counts as away within the timeouts instead of hanging", async () => {
    const impatient = s3BlobStore(s3Settings("stall/"), { connect: 500, answer: 1_000, idle: 500 });
    try {
      await impatient.put("uploads/s1", randomBytes(2 * MIB), "application/octet-stream");
      s3.proxy.stall();
      const started = Date.now();
      const outcomes = await Promise.allSettled([
        impatient.ping(),
        impatient.put("uploads/s2", Buffer.from("x"), "text/plain"),
        impatient.put("uploads/s3", chunksOf(randomBytes(6 * MIB)), "application/octet-stream"),
        impatient.exists("uploads/s1"),
        impatient.get("uploads/s1"),
      ]);
      for (const outcome of outcomes) assert.ok(outcome.status === "rejected" && outcome.reason instanceof StoreUnavailableError, String((outcome as PromiseRejectedResult).reason));
      assert.ok(Date.now() - started < 10_000, `gave up after ${Date.now() - started} ms`);
    } finally {
      s3.proxy.restore();
      impatient.close();
    }
  });

  test("settings: S3 needs a bucket, both keys or neither, a safe prefix and parts of 5 to 64 MB", () => {
    const read = (env: Record<string, string>) => () => readBlobStoreSettings(new Settings({ BLOB_STORE: "s3", S3_BUCKET: "files", ...env }));
    assert.throws(read({ S3_BUCKET: "" }), /needs S3_BUCKET/);
    assert.throws(read({ S3_BUCKET: "Not_A_Bucket" }), /S3_BUCKET must be a bucket name/);
    assert.throws(read({ S3_ACCESS_KEY_ID: "id" }), /go together/);
    assert.throws(read({ S3_PREFIX: "../up" }), /S3_PREFIX/);
    assert.throws(read({ S3_UPLOAD_PART_SIZE: "1mb" }), /between 5mb and 64mb/);
    assert.throws(read({ S3_ENDPOINT: "ftp://store" }), /S3_ENDPOINT must be an http/);
    const chain = read({ S3_PREFIX: "platform" })();
    assert.deepEqual(chain.kind === "s3" && [chain.s3.prefix, chain.s3.credentials, chain.publicUrls], ["platform/", undefined, "platform"]);
    assert.deepEqual(readBlobStoreSettings(new Settings({})), { kind: "file" });
  });
});
