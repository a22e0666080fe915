import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.js";
import { ACCESS_KEY, OBJECT_SUFFIX, startS3Server } from "./s3-server.js";

/**
 * A real S3-protocol server over HTTP (s3rver, objects on disk in a directory of its own), reached
 * through a proxy a test can cut to take the store away. Each call makes its own bucket.
 */
export interface TestS3 {
  bucket: string;
  /** The proxy's endpoint, the one the platform is given. */
  endpoint: string;
  /** The settings that point the platform at this bucket (`BLOB_STORE=s3`…), under `prefix` if given. */
  env(prefix?: string): Record<string, string>;
  /** Every object key in the bucket (under `prefix`). */
  keys(prefix?: string): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingMultipartUploads(): Promise<number>;
  /** The store away (connections cut, new ones refused) and back. */
  proxy: FaultProxy;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3-"));
  const bucket = `test-${randomBytes(4).toString("hex")}`;
  const { server, address, uploadsOf } = await startS3Server({ port: 0, address: "127.0.0.1", directory, buckets: [bucket] });
  const proxy = await startFaultProxy({ host: "127.0.0.1", port: address.port });
  const endpoint = `http://127.0.0.1:${proxy.port}`;
  return {
    bucket,
    endpoint,
    proxy,
    env: (prefix = "") => ({
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_PREFIX: prefix,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    }),
    async keys(prefix = "") {
      // Read from the server's own directory: s3rver signs bucket-level paths (`/bucket/?list-type=2`) differently from the SDK.
      const root = path.join(directory, bucket);
      const files = await readdir(root, { recursive: true }).catch(() => []);
      return files
        .map((file) => String(file))
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join("/"))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async pendingMultipartUploads() {
      return (await readdir(uploadsOf(bucket)).catch(() => [])).length;
    },
    async close() {
      await proxy.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
