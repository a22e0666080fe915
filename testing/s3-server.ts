import { rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** How s3rver names the file of an object's bytes (`<bucket>/<key>._S3rver_object`). */
export const OBJECT_SUFFIX = "._S3rver_object";

/** The keys s3rver accepts (it checks every request's signature against them): access key and secret alike. */
export const ACCESS_KEY = "S3RVER";

type Server = InstanceType<typeof S3rver> & {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
};
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
}

export interface S3Server {
  server: InstanceType<typeof S3rver>;
  address: AddressInfo;
  /** The directory of a bucket's multipart uploads in progress. */
  uploadsOf(bucket: string): string;
}

/**
 * The bundled S3 test server: s3rver (objects as files under `directory`, kept across restarts), its
 * `buckets` made when missing, and AbortMultipartUpload, which s3rver lacks, answered as S3 answers it.
 * For tests (testing/s3.ts) and development (`npm run s3:test-server`, `npm run start:cluster`); never for production.
 */
export async function startS3Server(options: { port: number; address: string; directory: string; buckets: readonly string[] }): Promise<S3Server> {
  const server = new S3rver({ port: options.port, address: options.address, directory: options.directory, silent: true, configureBuckets: options.buckets.map((name) => ({ name })) }) as Server;
  const uploadsOf = (name: string) => server.store.getResourcePath(name, undefined, "uploads");
  // s3rver has no AbortMultipartUpload: it is answered here as S3 answers it (204, the parts gone).
  server.middleware.unshift(async (ctx, next) => {
    const bucketName = ctx.path.split("/")[1];
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string" || !/^[0-9a-f]+$/.test(uploadId) || !bucketName) return next();
    await rm(path.join(uploadsOf(bucketName), uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const address = (await server.run()) as AddressInfo;
  return { server, address, uploadsOf };
}
