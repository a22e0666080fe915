import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import type { EmbeddedPlatform } from "../platform/embedded.js";
import { announceJob, createJobRow, JOB_EVENTS, type JobEvent } from "../lib/jobs/engine.js";
import { ASSET_UPLOAD } from "../subgraphs/assets/domain/upload-jobs.js";
import { objectHeapUsed } from "./bench/heap.js";

/** The value below which `p` percent of the sorted values lie (NaN when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * The subscribers run in a worker thread (their own heap), so the main thread's heap growth is what
 * the gateway keeps per subscription. Each follows one job; it reports when every stream is live and
 * when each job's final event arrived.
 */
const SUBSCRIBERS_THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { createClient } = require(workerData.graphqlWs);
const WebSocket = require(workerData.ws);
const now = () => performance.timeOrigin + performance.now();
const clients = workerData.tokens.map((token) => createClient({
  url: workerData.url, webSocketImpl: WebSocket, retryAttempts: 0,
  connectionParams: { authorization: "Bearer " + token } }));
let live = 0, done = 0;
const arrivals = {};
workerData.jobIds.forEach((id, i) => {
  clients[i % clients.length].subscribe(
    { query: "subscription($id: ID!) { assetUploadJob(id: $id) { id status } }", variables: { id } },
    { next: (result) => {
        const status = result.data && result.data.assetUploadJob && result.data.assetUploadJob.status;
        if (status === "in_progress" && ++live === workerData.jobIds.length) parentPort.postMessage({ type: "live" });
        if (status === "success") arrivals[id] = now();
      },
      error: () => undefined,
      complete: () => { if (++done === workerData.jobIds.length) parentPort.postMessage({ type: "done", arrivals }); } });
});
parentPort.on("message", async () => { for (const c of clients) await c.dispose(); parentPort.postMessage({ type: "closed" }); });
`;

function row(path: string, subscribers: number, delays: number[], heapBytes: number) {
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    path,
    subscribers,
    "events delivered": delays.length,
    "p50 delay ms": percentile(sorted, 50).toFixed(1),
    "p99 delay ms": percentile(sorted, 99).toFixed(1),
    "heap per subscription KB": (heapBytes / subscribers / 1024).toFixed(2),
  };
}

export const SUBSCRIPTIONS_TITLE = (subscribers: number) => `${subscribers} subscribers, each following its own job, all finishing at once: through the gateway vs straight from the bus`;

/** Subscriptions per connection (and per integration token: each start reads the job once, within its rate limit). */
export const SUBSCRIPTIONS_PER_CONNECTION = 100;

/**
 * N subscribers following N jobs through one gateway, next to N listeners reading the same events
 * from the bus; `tokens` (one per connection) belong to the jobs' owner.
 */
export async function benchSubscriptions(platform: EmbeddedPlatform, tokens: string[], ownerId: number, subscribers: number): Promise<ReturnType<typeof row>[]> {
  const { db } = platform.runtime;
  const jobs = [];
  for (let i = 0; i < subscribers; i++) jobs.push(await createJobRow(db.prisma, { kind: ASSET_UPLOAD, ownerId, input: {}, maxAttempts: 1 }));
  const jobIds = jobs.map((job) => job.id);

  const heapBefore = objectHeapUsed();
  const require = createRequire(import.meta.url);
  const thread = new Worker(SUBSCRIBERS_THREAD, {
    eval: true,
    workerData: {
      url: `${platform.main.url.replace(/^http/, "ws")}/graphql`,
      tokens,
      jobIds,
      graphqlWs: require.resolve("graphql-ws"),
      ws: require.resolve("ws"),
    },
  });
  const messages = (type: string) => new Promise<any>((resolve) => thread.on("message", (m) => m.type === type && resolve(m)));
  const live = messages("live");
  const finished = messages("done");
  await live;
  const gatewayHeap = objectHeapUsed() - heapBefore;

  // One listener for all the jobs, finding each event's job by its id (as the gateway does): N listeners
  // each filtering every event would cost N × N calls in this thread, and slow the gateway's deliveries too.
  const busArrivals = new Map<string, number>();
  const wanted = new Set(jobIds);
  const busHeapBefore = objectHeapUsed();
  const listeners = [
    await platform.runtime.bus.subscribe(JOB_EVENTS, (event: JobEvent) => {
      if (wanted.has(event.id) && event.status === "success") busArrivals.set(event.id, now());
    }),
  ];
  const busHeap = objectHeapUsed() - busHeapBefore;

  const published = new Map<string, number>();
  await db.prisma.job.updateMany({ where: { id: { in: jobIds } }, data: { status: "success", result: {} } });
  for (const job of jobs) {
    published.set(job.id, now());
    await announceJob(platform.runtime.bus, { ...job, status: "success" });
  }
  const { arrivals } = await Promise.race([finished, new Promise<{ arrivals: Record<string, number> }>((resolve) => setTimeout(() => resolve({ arrivals: {} }), 120_000))]);
  for (const unsubscribe of listeners) await unsubscribe();
  thread.postMessage("close");
  await messages("closed");
  await thread.terminate();

  const delays = (from: Map<string, number> | Record<string, number>) =>
    jobIds.flatMap((id) => {
      const at = from instanceof Map ? from.get(id) : from[id];
      return at === undefined ? [] : [at - published.get(id)!];
    });
  const rows = [
    row("graphql-ws subscription via gateway", subscribers, delays(arrivals), gatewayHeap),
    row(`bus listener (${platform.runtime.config.redisUrl ? "Redis" : "in-memory"})`, subscribers, delays(busArrivals), busHeap),
  ];
  console.log(`\n${SUBSCRIPTIONS_TITLE(subscribers)}`);
  console.table(rows);
  return rows;
}
