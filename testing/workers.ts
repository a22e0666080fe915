import { INTEGRATION_EVENT_JOB } from "../lib/jobs/integration-events.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { startWorkers } from "../workers/start.js";
import type { TestPlatform } from "./platform.js";

/** Runs `work` while one job worker of every domain runs in the platform's process (for platforms started with `JOB_WORKERS=0`). */
export async function withWorker<T>(t: TestPlatform, work: () => Promise<T>): Promise<T> {
  const workers = await startWorkers(t.platform.runtime, 1, DOMAINS);
  try {
    return await work();
  } finally {
    await workers.stop();
  }
}

/** Runs one worker until the jobs are finished (however long a loaded machine takes). */
export function processJobs(t: TestPlatform, ...jobIds: string[]): Promise<void> {
  const pending = () => t.platform.runtime.db.prisma.job.count({ where: { id: { in: jobIds }, status: "in_progress" } });
  return withWorker(t, async () => {
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** Jobs callers' requests made: not the events finished jobs record for integrations (they come when other jobs end). */
export function requestedJobCount(t: TestPlatform): Promise<number> {
  return t.platform.runtime.db.prisma.job.count({ where: { kind: { not: INTEGRATION_EVENT_JOB } } });
}
