import { JobWorker, type JobHandler } from "../lib/jobs/engine.js";
import type { JobErrorCodes } from "../lib/jobs/error-codes.js";
import type { DomainModule, JobLane, Sweep } from "../lib/modules/domain-module.js";
import { settingsOf } from "../lib/modules/serve-domain.js";
import type { DataRuntime } from "../lib/runtime.js";

/** Every job kind of every domain, with its handler; two domains claiming one kind is a mistake caught at start. */
export function allJobHandlers(runtime: DataRuntime, domains: readonly DomainModule[]): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const domain of domains) {
    for (const [kind, handler] of Object.entries(domain.jobs?.(runtime, settingsOf(domain, runtime)) ?? {})) {
      if (handlers[kind]) throw new Error(`job kind "${kind}" is handled by two domains`);
      handlers[kind] = handler;
    }
  }
  return handlers;
}

/** Every documented job kind's failure codes, by kind. */
export function allJobErrorCodes(domains: readonly DomainModule[]): Record<string, JobErrorCodes> {
  return Object.assign({}, ...domains.map((domain) => domain.jobErrorCodes ?? {}));
}

function allLanes(runtime: DataRuntime, domains: readonly DomainModule[]): JobLane[] {
  return domains.flatMap((domain) => domain.jobLanes?.(runtime, settingsOf(domain, runtime)) ?? []);
}

/** The handlers of `kinds` only (`keep`), or of every other kind. */
function handlersOf(handlers: Record<string, JobHandler>, kinds: readonly string[], keep: boolean): Record<string, JobHandler> {
  return Object.fromEntries(Object.entries(handlers).filter(([kind]) => kinds.includes(kind) === keep));
}

function allSweeps(runtime: DataRuntime, domains: readonly DomainModule[]): Sweep[] {
  return domains.flatMap((domain) => domain.sweeps?.(runtime, settingsOf(domain, runtime)) ?? []);
}

export interface RunningWorkers {
  workers: JobWorker[];
  stop(): Promise<void>;
}

/**
 * Starts `count` workers over the runtime's database and bus (each claims one job at a time), the
 * workers of the domains' job lanes, and the domains' sweeps; none of them when `count` is 0.
 */
export async function startWorkers(runtime: DataRuntime, count: number, domains: readonly DomainModule[]): Promise<RunningWorkers> {
  const handlers = allJobHandlers(runtime, domains);
  const lanes = count > 0 ? allLanes(runtime, domains) : [];
  const laneKinds = lanes.flatMap((lane) => lane.kinds);
  const errorCodes = allJobErrorCodes(domains);
  const options = { db: runtime.db.prisma, bus: runtime.bus, log: runtime.log, leaseMs: runtime.config.jobLeaseMs, stopGraceMs: runtime.config.shutdownGraceMs, errorCodes };
  const worker = (served: Record<string, JobHandler>) => new JobWorker(options, served);
  const workers = [
    ...Array.from({ length: count }, () => worker(handlersOf(handlers, laneKinds, false))),
    ...lanes.flatMap((lane) => Array.from({ length: lane.workers }, () => worker(handlersOf(handlers, lane.kinds, true)))),
  ];
  for (const worker of workers) await worker.start();
  const timers =
    count > 0
      ? allSweeps(runtime, domains).map((sweep) =>
          setInterval(
            () =>
              sweep
                .run()
                .then((removed) => removed && runtime.log.info({ sweep: sweep.name, removed }, "sweep removed expired items"))
                .catch((error) => runtime.log.error({ err: error, sweep: sweep.name }, "sweep failed")),
            sweep.everyMs,
          ).unref(),
        )
      : [];
  if (count > 0) runtime.log.info({ workers: count, kinds: Object.keys(handlers) }, "job workers started");
  return {
    workers,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
