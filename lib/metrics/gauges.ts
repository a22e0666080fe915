import type { PrismaClient } from "../db/database.js";
import { refreshOnScrape } from "./endpoint.js";
import { jobQueueDepth, jobQueueOldestAge, liveSubscriptions } from "./registry.js";

/** Counts of live subscriptions, one per gateway of the process (tests run several). */
const subscriptionCounts = new Set<() => number>();
/** Databases whose job table is reported (one per process in production). */
const jobDatabases = new Set<PrismaClient>();

refreshOnScrape(() => {
  let live = 0;
  for (const count of subscriptionCounts) live += count();
  liveSubscriptions.set(live);
});

refreshOnScrape(async () => {
  const now = new Date();
  const depth = new Map<string, number>();
  const oldest = new Map<string, number>();
  const add = (key: string, n: number) => depth.set(key, (depth.get(key) ?? 0) + n);
  for (const prisma of jobDatabases) {
    const free = { OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] };
    const [waiting, running] = await Promise.all([
      prisma.job.groupBy({ by: ["kind"], where: { status: "in_progress", ...free }, _count: { _all: true }, _min: { createdAt: true } }),
      prisma.job.groupBy({ by: ["kind"], where: { status: "in_progress", lockedUntil: { gte: now } }, _count: { _all: true } }),
    ]);
    for (const row of waiting) {
      add(`${row.kind}\0waiting`, row._count._all);
      const age = (now.getTime() - (row._min.createdAt?.getTime() ?? now.getTime())) / 1000;
      oldest.set(row.kind, Math.max(oldest.get(row.kind) ?? 0, age));
    }
    for (const row of running) add(`${row.kind}\0running`, row._count._all);
  }
  jobQueueDepth.reset();
  jobQueueOldestAge.reset();
  for (const [key, n] of depth) {
    const [kind, state] = key.split("\0");
    jobQueueDepth.set({ kind, state }, n);
  }
  for (const [kind, age] of oldest) jobQueueOldestAge.set({ kind }, age);
});

/** Reports a gateway's open subscriptions until the returned function is called. */
export function reportLiveSubscriptions(count: () => number): () => void {
  subscriptionCounts.add(count);
  return () => void subscriptionCounts.delete(count);
}

/** Reports a database's job queue (depth and oldest waiting job per kind) until the returned function is called. */
export function reportJobQueue(prisma: PrismaClient): () => void {
  jobDatabases.add(prisma);
  return () => void jobDatabases.delete(prisma);
}
