import { randomBytes } from "node:crypto";
import type { Job, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import type { Bus } from "../pubsub.js";
import { documentedJobCode, unexpectedJobCode, type JobErrorCodes } from "./error-codes.js";
import { PermanentJobError, RetryJobLaterError, TransientJobError } from "./errors.js";
import { integrationEventJob, resourceIdsOf } from "./integration-events.js";
import { isDependencyUnavailable } from "../unavailable.js";
import { JOB_EVENTS, type JobEvent } from "./events.js";

export { JOB_EVENTS, type JobEvent };

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
  /** Longest wait between attempts to reach the database while it is away (the wait doubles up to it). */
  maxOutageBackoffMs?: number;
  /** On stop, how long a running job may take to finish before its lease is given back anyway. */
  stopGraceMs?: number;
  /** Each documented job kind's failure codes: a failed job records only a code its kind documents. */
  errorCodes?: Readonly<Record<string, JobErrorCodes>>;
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
  /** The job being processed now, to give its lease back if stopping takes too long. */
  private current: Job | undefined;
  /** Consecutive failures to reach the database: the wait before the next try doubles with each. */
  private outageStreak = 0;

  private readonly options: EngineOptions;
  private readonly handlers: Record<string, JobHandler>;

  constructor(
    options: EngineOptions,
    handlers: Record<string, JobHandler>,
  ) {
    this.options = options;
    this.handlers = handlers;
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

  /**
   * Stops claiming, asks the running handler to stop (its job's lease is given back at once, the
   * attempt not counted) and waits for it at most `stopGraceMs`; a job still running then has its
   * lease given back all the same, so another worker takes it up without waiting for the lease to run out.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.controller.abort();
    this.wake?.();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<"grace over">((resolve) => (timer = setTimeout(() => resolve("grace over"), this.options.stopGraceMs ?? 10_000)));
    const outcome = await Promise.race([this.loop, graceOver]);
    clearTimeout(timer);
    if (outcome === "grace over" && this.current) await this.releaseLease(this.current).catch(() => undefined);
    await this.unsubscribe?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed: Job | undefined;
      try {
        claimed = await this.claim();
        if (claimed) await this.process(claimed);
        this.outageStreak = 0;
      } catch (error) {
        this.noteFailure(error, claimed);
      }
      if (!this.running || (claimed && this.outageStreak === 0)) continue;
      await this.pause(this.outageStreak === 0 ? this.pollMs : this.outageBackoffMs());
    }
  }

  /** While the database is away: a warning when it goes, then waits doubling up to `maxOutageBackoffMs`. */
  private noteFailure(error: unknown, job: Job | undefined): void {
    if (!isDependencyUnavailable(error)) {
      this.options.log.error({ err: error, job: job?.id }, job ? "recording a job's outcome failed" : "claiming a job failed");
      return;
    }
    if (this.outageStreak === 0) this.options.log.warn({ worker: this.id, job: job?.id }, "database or blob store unavailable: workers back off and resume when it returns");
    this.outageStreak++;
  }

  private outageBackoffMs(): number {
    return Math.min(this.options.maxOutageBackoffMs ?? 10_000, this.pollMs * 2 ** Math.min(this.outageStreak, 16));
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Gives the job back for any worker to take at once, the attempt uncounted (this worker is stopping or the database failed it). */
  private async releaseLease(job: Job, delayMs = 0): Promise<void> {
    await this.options.db.job.updateMany({
      where: { id: job.id, lockedBy: this.id, status: "in_progress" },
      data: { lockedBy: null, lockedUntil: null, runAfter: new Date(Date.now() + delayMs), attempts: { decrement: 1 } },
    });
  }

  /**
   * Records the outcome, trying again while the database is away (the lease is kept alive meanwhile):
   * a finished job is recorded once, not run again. Stopping gives up; the lease then runs out and
   * the job is run again by the next worker.
   */
  private async finishDurably(job: Job, outcome: Parameters<JobWorker["finish"]>[1]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.finish(job, outcome);
      } catch (error) {
        if (!isDependencyUnavailable(error) || !this.running) throw error;
        if (attempt === 0) this.options.log.warn({ job: job.id }, "database unavailable: the job's outcome is recorded when it returns");
        await new Promise((resolve) => setTimeout(resolve, Math.min(this.options.maxOutageBackoffMs ?? 10_000, this.pollMs * 2 ** Math.min(attempt, 16))));
      }
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
      return this.finish(job, { status: "failed", errorCode: this.unexpectedCode(job), errorMessage: "The job could not be completed: its workers stopped too many times" });
    }
    const heartbeat = setInterval(() => {
      void this.options.db.job
        .updateMany({ where: { id: job.id, lockedBy: this.id }, data: { lockedUntil: new Date(Date.now() + this.leaseMs) } })
        .catch(() => undefined);
    }, Math.max(50, this.leaseMs / 3));
    this.current = job;
    try {
      const result = await this.handlers[job.kind](job, this.controller.signal);
      await this.finishDurably(job, { status: "success", result });
    } catch (error) {
      if (this.controller.signal.aborted || isDependencyUnavailable(error)) {
        // Stopping, or the database went away under the handler: neither is the job's fault.
        await this.releaseLease(job, this.controller.signal.aborted ? 0 : this.backoffMs);
        if (!this.controller.signal.aborted) throw error;
      } else if (error instanceof RetryJobLaterError && (!error.countsAsAttempt || job.attempts < job.maxAttempts)) {
        await this.options.db.job.updateMany({
          where: { id: job.id, lockedBy: this.id },
          data: { lockedBy: null, lockedUntil: null, runAfter: new Date(Date.now() + error.delayMs), ...(error.countsAsAttempt ? {} : { attempts: { decrement: 1 } }) },
        });
      } else if (error instanceof PermanentJobError) {
        await this.finishDurably(job, { status: "failed", errorCode: this.documentedCode(job, error.code), errorMessage: error.message });
      } else if (job.attempts < job.maxAttempts) {
        const delay = this.backoffMs * 2 ** (job.attempts - 1);
        this.options.log.warn({ job: job.id, attempt: job.attempts, delay, err: error }, "job attempt failed; retrying");
        await this.options.db.job.updateMany({
          where: { id: job.id, lockedBy: this.id },
          data: { lockedBy: null, lockedUntil: null, runAfter: new Date(Date.now() + delay) },
        });
      } else {
        const message = error instanceof TransientJobError ? error.message : "The job failed unexpectedly";
        await this.finishDurably(job, { status: "failed", errorCode: this.unexpectedCode(job), errorMessage: message });
      }
    } finally {
      clearInterval(heartbeat);
      this.current = undefined;
    }
  }

  private unexpectedCode(job: Job): string {
    return unexpectedJobCode(this.options.errorCodes?.[job.kind]);
  }

  /** The code as the kind documents it; a code it does not document is a mistake of the handler's, logged. */
  private documentedCode(job: Job, code: string): string {
    const documented = documentedJobCode(this.options.errorCodes?.[job.kind], code);
    if (documented !== code) this.options.log.warn({ job: job.id, kind: job.kind, code, documented }, "a job failed with a code its kind does not document");
    return documented;
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
