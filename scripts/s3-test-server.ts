import { mkdir } from "node:fs/promises";
import path from "node:path";
import { readCommandLine } from "../lib/process/command-line.js";
import { ACCESS_KEY, startS3Server } from "../testing/s3-server.js";

const USAGE = `Usage: npm run s3:test-server [-- --port 9000] [--host 127.0.0.1] [--directory ./.data/s3] [--bucket platform-files]

The bundled S3 test server (s3rver, a development dependency): an S3-protocol endpoint keeping objects as
files under --directory (kept across restarts), the bucket made when missing. It prints the settings that
point the platform at it. For development and tests only: it checks signatures against one fixed key.`;

const { values } = readCommandLine(USAGE, {
  options: {
    port: { type: "string", default: "9000" },
    host: { type: "string", default: "127.0.0.1" },
    directory: { type: "string", default: "./.data/s3" },
    bucket: { type: "string", default: "platform-files" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (got "${values.port}")\n\n${USAGE}`);
  process.exit(2);
}
const directory = path.resolve(values.directory);
await mkdir(directory, { recursive: true });
let started: Awaited<ReturnType<typeof startS3Server>>;
try {
  started = await startS3Server({ port, address: values.host, directory, buckets: [values.bucket] });
} catch (error) {
  console.error(`the S3 test server could not start: ${(error as Error).message}`);
  process.exit(1);
}
const endpoint = `http://${values.host.includes(":") ? `[${values.host}]` : values.host}:${started.address.port}`;
const settings = {
  BLOB_STORE: "s3",
  S3_ENDPOINT: endpoint,
  S3_BUCKET: values.bucket,
  S3_FORCE_PATH_STYLE: "true",
  S3_ACCESS_KEY_ID: ACCESS_KEY,
  S3_SECRET_ACCESS_KEY: ACCESS_KEY,
};
console.log(`S3 test server ready on ${endpoint}, objects under ${directory}; point the platform at it with:`);
console.log(Object.entries(settings).map(([name, value]) => `${name}=${value}`).join(" "));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void started.server.close().finally(() => process.exit(0)));
}
