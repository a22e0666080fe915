import { JobWorker, type JobHandler } from "../lib/jobs/engine.js";
import type { DataRuntime } from "../lib/runtime.js";
import { assetJobHandlers } from "../subgraphs/assets/domain/job-handlers.js";
import { sweepExpiredUploads } from "../subgraphs/assets/domain/uploads.js";

/** How often a worker process removes what expired unused (upload slots and their bytes). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Every job kind of every domain, with its handler. */
export function allJobHandlers(runtime: DataRuntime): Record<string, JobHandler> {
  return { ...assetJobHandlers({ db: runtime.db.prisma, blobs: runtime.blobs, assets: runtime.config.assets }) };
}

export interface RunningWorkers {
  workers: JobWorker[];
  stop(): Promise<void>;
}

/** Starts `count` workers over the runtime's database and bus; each claims one job at a time. */
export async function startWorkers(runtime: DataRuntime, count: number): Promise<RunningWorkers> {
  const handlers = allJobHandlers(runtime);
  const workers = Array.from(
    { length: count },
    () => new JobWorker({ db: runtime.db.prisma, bus: runtime.bus, log: runtime.log, leaseMs: runtime.config.jobLeaseMs }, handlers),
  );
  for (const worker of workers) await worker.start();
  const sweep = () =>
    sweepExpiredUploads({ db: runtime.db.prisma, blobs: runtime.blobs })
      .then((removed) => removed && runtime.log.info({ removed }, "expired upload slots removed"))
      .catch((error) => runtime.log.error({ err: error }, "removing expired upload slots failed"));
  const sweeper = count > 0 ? setInterval(sweep, SWEEP_EVERY_MS).unref() : undefined;
  if (count > 0) runtime.log.info({ workers: count, kinds: Object.keys(handlers) }, "job workers started");
  return {
    workers,
    async stop() {
      clearInterval(sweeper);
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
