import { progressBar } from "../lib/process/progress.js";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../lib/config.js";
import { startEmbedded } from "../platform/embedded.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { HttpClient } from "../testing/http.js";
import { registerPeople } from "../testing/people.js";
import { anyDirectPorts } from "../rest-adapter/services.js";
import { readCommandLine } from "../lib/process/command-line.js";

export interface SoakResult {
  /** Per minute of the run: the 99th percentile latency of every request answered in it. */
  p99Ms: number[];
  /** Per minute: the process's resident memory at its end. */
  rssMb: number[];
  /** Per minute: requests answered. */
  requests: number[];
  /** Requests that did not answer 2xx over the whole run (should be 0). */
  failures: number;
}

const LOOPS = 6;

function p99(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] * 10) / 10 : NaN;
}

/**
 * A few minutes of mixed traffic on the one-process platform (REST writes and reads, federated
 * GraphQL reads): latency and memory per minute, which should stay flat when nothing leaks or piles up.
 * Uses PostgreSQL / Redis when DATABASE_URL / REDIS_URL are set, else PGlite in a temporary directory.
 */
export async function soak({ minutes }: { minutes: number }): Promise<SoakResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "soak-"));
  const platform = await startEmbedded(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: "0",
      ...anyDirectPorts(),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      JWT_SECRET: randomBytes(32).toString("hex"),
      RATE_LIMIT_KEY_PREFIX: `soak-${randomBytes(4).toString("hex")}`,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    }),
    DOMAINS,
  );
  try {
    const http = new HttpClient(platform.main.url);
    const work = new HttpClient(platform.direct.work.url);
    const { superuser } = await registerPeople(http);
    const auth = { token: superuser.token };
    const steps = [
      () => work.post("/projects", { name: "Soak", clientId: superuser.userId }, auth),
      () => work.get("/projects", auth),
      () => http.get("/api/auth/profile", auth),
      () => http.graphql(`{ me { id email } projects { id name client { email } } }`, {}, superuser.token),
    ];
    const result: SoakResult = { p99Ms: [], rssMb: [], requests: [], failures: 0 };
    const started = performance.now();
    const minuteOf = () => Math.floor((performance.now() - started) / 60_000);
    const latencies: number[][] = Array.from({ length: minutes }, () => []);
    const loop = async (index: number) => {
      for (let i = index; minuteOf() < minutes; i++) {
        const sent = performance.now();
        const response = await steps[i % steps.length]().catch(() => ({ status: 0 }));
        const minute = minuteOf();
        if (minute < minutes) latencies[minute].push(performance.now() - sent);
        if (response.status < 200 || response.status > 299) result.failures++;
      }
    };
    const progress = progressBar("soak", minutes, process.stderr);
    const sampler = setInterval(() => {
      result.rssMb.push(Math.round(process.memoryUsage().rss / 1024 / 1024));
      progress.advance(`minute ${result.rssMb.length}: ${result.rssMb.at(-1)} MB`);
    }, 60_000);
    await Promise.all(Array.from({ length: LOOPS }, (_, index) => loop(index)));
    clearInterval(sampler);
    progress.stop();
    if (result.rssMb.length < minutes) result.rssMb.push(Math.round(process.memoryUsage().rss / 1024 / 1024));
    for (const minute of latencies) {
      result.p99Ms.push(p99(minute));
      result.requests.push(minute.length);
    }
    return result;
  } finally {
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = readCommandLine(
    `Usage: npm run bench:soak [-- --minutes <n>]

Steady load on the one-process platform for n minutes (default 3): requests, p99 latency and resident
memory per minute, and the failures.`,
    { options: { minutes: { type: "string", default: "3" } } },
  );
  const minutes = Math.max(1, Number(values.minutes) || 3);
  const result = await soak({ minutes });
  console.log("minute | requests | p99 ms | rss MB");
  result.p99Ms.forEach((p99, minute) => console.log(`${String(minute + 1).padStart(6)} | ${String(result.requests[minute]).padStart(8)} | ${String(p99).padStart(6)} | ${String(result.rssMb[minute]).padStart(6)}`));
  console.log(`failures: ${result.failures}`);
  process.exit(0);
}
