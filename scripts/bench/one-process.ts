import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config.js";
import { startEmbedded, type EmbeddedPlatform } from "../../platform/embedded.js";
import { anyDirectPorts } from "../../rest-adapter/services.js";
import { DOMAINS } from "../../subgraphs/registry.js";
import { HttpClient } from "../../testing/http.js";
import { registerPeople, type People } from "../../testing/people.js";

export interface BenchPlatform {
  platform: EmbeddedPlatform;
  http: HttpClient;
  people: People;
  close(): Promise<void>;
}

/**
 * The one-process platform (PGlite in a temporary folder, no job workers) with its cast registered. It
 * measures throughput, not limits: one user follows every job through one integration per connection,
 * and fifty editors sign up and sign in from one address.
 */
export async function startBenchPlatform(): Promise<BenchPlatform> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-"));
  const unlimited = "1000000";
  const platform = await startEmbedded(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: "0",
      ...anyDirectPorts(),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      JWT_SECRET: randomBytes(32).toString("hex"),
      JOB_WORKERS: "0",
      LOGIN_MAX_FAILURES: unlimited,
      ADDRESS_REGISTRATIONS_PER_HOUR: unlimited,
      ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE: unlimited,
      INTEGRATIONS_PER_OWNER: "1000",
      RATE_LIMIT_USER_MULTIPLIER: "1000",
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    }),
    DOMAINS,
  );
  const http = new HttpClient(platform.main.url);
  return {
    platform,
    http,
    people: await registerPeople(http),
    async close() {
      await platform.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
