import { CreateBucketCommand, HeadBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { readCommandLine } from "../lib/process/command-line.js";
import { loadConfig } from "../lib/config.js";

readCommandLine(`Usage: npm run s3:create-bucket

Makes the bucket S3_BUCKET names on the store the S3_* settings point at (BLOB_STORE=s3), when it is not
there yet; a bucket already there is left as it is. compose.yaml runs it once before the platform starts.
Settings come from the environment (docs/configuration.md, docs/object-storage.md).`);

const config = loadConfig();
if (config.blobStore.kind !== "s3") {
  console.error("s3:create-bucket: set BLOB_STORE=s3 and the S3_* settings of the bucket to make");
  process.exit(2);
}
const { s3 } = config.blobStore;
const client = new S3Client({
  region: s3.region,
  endpoint: s3.endpoint,
  forcePathStyle: s3.forcePathStyle,
  credentials: s3.credentials,
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});
const where = `${s3.endpoint ?? `AWS ${s3.region}`}`;
try {
  await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  console.log(`bucket "${s3.bucket}" is there on ${where}`);
} catch (error) {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== 404) {
    console.error(`s3:create-bucket: could not ask ${where} for bucket "${s3.bucket}": ${(error as Error).name} ${(error as Error).message}`);
    process.exit(1);
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  } catch (failure) {
    if ((failure as Error).name !== "BucketAlreadyOwnedByYou") {
      console.error(`s3:create-bucket: could not make bucket "${s3.bucket}" on ${where}: ${(failure as Error).name} ${(failure as Error).message}`);
      process.exit(1);
    }
  }
  console.log(`made bucket "${s3.bucket}" on ${where}`);
} finally {
  client.destroy();
}
