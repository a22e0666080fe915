import { randomBytes } from "node:crypto";
import type { Job, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import type { Bus } from "../pubsub.js";
import { PermanentJobError, RetryJobLaterError, TransientJobError } from "./errors.js";
import { integrationEventJob, resourceIdsOf } from "./integration-events.js";

/** Channel every job transition is published on, after it commits: `{ kind, id, status }`. */
export const JOB_EVENTS = "jobs";

export interface JobEvent {
  kind: string;
  id: string;
  status: Job["status"];
}

export type JobHandler = (job: Job, signal: AbortSignal) => Promise<Prisma.InputJsonValue>;

export interface EngineOptions {
  db: PrismaClient;
  bus: Bus;
  log: Logger;
  /** How long a claim lasts without a heartbeat; a dead worker's jobs are claimable again after it. */
  leaseMs?: number;
  /** First retry delay; doubled on every further attempt. */
  backoffMs?: number;
  /** How often an idle worker looks for due jobs (it is also woken by new jobs). */
  pollMs?: number;
}

function newJobId(): string {
  return randomBytes(12).toString("base64url");
}

export interface NewJob {
  kind: string;
  ownerId: number;
  /** The integration whose access token started the job (told when it finishes). */
  clientId?: string | null;
  input: Prisma.InputJsonValue;
  maxAttempts?: number;
}

/** Writes a job row (status `in_progress`), e.g. inside the transaction that also records why; announce it after commit. */
export function createJobRow(db: Pick<PrismaClient, "job"> | Prisma.TransactionClient, job: NewJob): Promise<Job> {
  return db.job.create({ data: { id: newJobId(), ...job } });
}

/** Publishes a committed job's state on the bus (workers wake, subscribers follow). */
export function announceJob(bus: Bus, job: Pick<Job, "kind" | "id" | "status">): Promise<void> {
  return bus.publish(JOB_EVENTS, { kind: job.kind, id: job.id, status: job.status } satisfies JobEvent);
}

/** Creates a job (status `in_progress`) and announces it. */
export async function enqueueJob(options: Pick<EngineOptions, "db" | "bus">, job: NewJob): Promise<Job> {
  const created = await createJobRow(options.db, job);
  await announceJob(options.bus, created);
  return created;
}

/**
 * A worker: claims due jobs of its kinds one at a time (`FOR UPDATE SKIP LOCKED`, so no job is
 * processed by two workers), keeps its lease alive while the handler runs, and records the outcome.
 */
export class JobWorker {
  readonly id = `worker-${process.pid}-${randomBytes(4).toString("hex")}`;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly pollMs: number;
  private running = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private readonly controller = new AbortController();

  constructor(
    private readonly options: EngineOptions,
    private readonly handlers: Record<string, JobHandler>,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.backoffMs = options.backoffMs ?? 1_000;
    this.pollMs = options.pollMs ?? 1_000;
  }

  async start(): Promise<void> {
    this.running = true;
    this.unsubscribe = await this.options.bus.subscribe(JOB_EVENTS, (event: JobEvent) => {
      if (event.status === "in_progress" && event.kind in this.handlers) this.wake?.();
    });
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.controller.abort();
    this.wake?.();
    await this.loop;
    await this.unsubscribe?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const job = await this.claim().catch((error) => {
        this.options.log.error({ err: error }, "claiming a job failed");
        return undefined;
      });
      if (job) {
        await this.process(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Claims the oldest due job of this worker's kinds whose lease (if any) has run out. */
  async claim(): Promise<Job | undefined> {
    const kinds = Object.keys(this.handlers);
    const rows = await this.options.db.$queryRaw<Job[]>`
      UPDATE jobs SET "lockedBy" = ${this.id},
                      "lockedUntil" = now() + ${`${this.leaseMs} milliseconds`}::interval,
                      attempts = attempts + 1,
                      "updatedAt" = now()
       WHERE id = (SELECT id FROM jobs
                    WHERE status = 'in_progress' AND kind = ANY(${kinds}) AND "runAfter" <= now()
                      AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
                    ORDER BY "runAfter", "createdAt"
                    LIMIT 1
                    FOR UPDATE SKIP LOCKED)
      RETURNING *`;
    return rows[0];
  }

  private async process(job: Job): Promise<void> {
    if (job.attempts > job.maxAttempts) {
      return this.finish(job, { status: "failed", errorCode: "internal_failure", errorMessage: "The job could not be completed: its workers stopped too many times" });
    }
    const heartbeat = setInterval(() => {
      void this.options.db.job
        .updateMany({ where: { id: job.id, lockedBy: this.id }, data: { lockedUntil: new Date(Date.now() + this.leaseMs) } })
        .catch(() => undefined);
    }, Math.max(50, this.leaseMs / 3));
    try {
      const result = await this.handlers[job.kind](job, this.controller.signal);
      await this.finish(job, { status: "success", result });
    } catch (error) {
      if (error instanceof RetryJobLaterError && (!error.countsAsAttempt || job.attempts < job.maxAttempts)) {
        await this.options.db.job.updateMany({
          where: { id: job.id, lockedBy: this.id },
          data: { lockedBy: null, lockedUntil: null, runAfter: new Date(Date.now() + error.delayMs), ...(error.countsAsAttempt ? {} : { attempts: { decrement: 1 } }) },
        });
      } else if (error instanceof PermanentJobError) {
        await this.finish(job, { status: "failed", errorCode: error.code, errorMessage: error.message });
      } else if (job.attempts < job.maxAttempts) {
        const delay = this.backoffMs * 2 ** (job.attempts - 1);
        this.options.log.warn({ job: job.id, attempt: job.attempts, delay, err: error }, "job attempt failed; retrying");
        await this.options.db.job.updateMany({
          where: { id: job.id, lockedBy: this.id },
          data: { lockedBy: null, lockedUntil: null, runAfter: new Date(Date.now() + delay) },
        });
      } else {
        const message = error instanceof TransientJobError ? error.message : "The job failed unexpectedly";
        await this.finish(job, { status: "failed", errorCode: "internal_failure", errorMessage: message });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Records the outcome only while this worker still holds the job, then announces it. A job an
   * integration started records, in the same transaction, the event that tells the integration.
   */
  private async finish(job: Job, outcome: Prisma.JobUpdateManyMutationInput & { status: "success" | "failed" }): Promise<void> {
    const done = await this.options.db.$transaction(async (tx) => {
      const updated = await tx.job.updateMany({
        where: { id: job.id, lockedBy: this.id, status: "in_progress" },
        data: { ...outcome, lockedBy: null, lockedUntil: null },
      });
      if (updated.count === 1 && job.clientId) {
        const event = {
          type: "job_finished" as const,
          jobId: job.id,
          jobKind: job.kind,
          clientId: job.clientId,
          userId: job.ownerId,
          status: outcome.status,
          errorCode: (outcome.errorCode as string | undefined) ?? null,
          resourceIds: resourceIdsOf({ input: job.input, result: (outcome.result ?? null) as Job["result"] }),
        };
        return { count: 1, told: await createJobRow(tx, integrationEventJob(job.ownerId, event)) };
      }
      return { count: updated.count, told: undefined };
    });
    if (done.count !== 1) return;
    await announceJob(this.options.bus, { kind: job.kind, id: job.id, status: outcome.status });
    if (done.told) await announceJob(this.options.bus, done.told);
  }
}
