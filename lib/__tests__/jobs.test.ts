// @tier unit
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openDatabase, type Database } from "../db/database.js";
import { enqueueJob, JOB_EVENTS, JobWorker, type JobEvent, type JobHandler } from "../jobs/engine.js";
import { PermanentJobError, RetryJobLaterError, TransientJobError } from "../jobs/errors.js";
import { INTEGRATION_EVENT_JOB } from "../jobs/integration-events.js";
import { createLogger } from "../logger.js";
import { inMemoryBus, redisBus, type Bus } from "../pubsub.js";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";

let location: TestDatabase;
let database: Database;
let bus: Bus;
const log = createLogger("silent");
before(async () => {
  location = await createTestDatabase();
  database = await openDatabase(location);
  bus = inMemoryBus();
});
after(async () => {
  await bus.close();
  await database.close();
  await location.drop();
});

const engine = (overrides = {}) => ({ db: database.prisma, bus, log, leaseMs: 300, backoffMs: 20, pollMs: 25, ...overrides });

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not met in time");
}

const jobRow = (id: string) => database.prisma.job.findUniqueOrThrow({ where: { id } });

describe("job engine", () => {
  test("a job runs to success and every transition is published after it commits", async () => {
    const events: (JobEvent & { committed: string })[] = [];
    const unsubscribe = await bus.subscribe(JOB_EVENTS, async (event: JobEvent) => {
      // Kept in the order the events arrive; what was committed is read after (reads may finish out of order).
      const seen = { ...event, committed: "pending" };
      events.push(seen);
      const row = await database.prisma.job.findUnique({ where: { id: event.id } });
      seen.committed = row?.status ?? "missing";
    });
    const worker = new JobWorker(engine(), { echo: async (job) => ({ echoed: job.input }) });
    await worker.start();
    const job = await enqueueJob(engine(), { kind: "echo", ownerId: 1, input: { n: 1 } });
    await until(async () => events.filter((e) => e.id === job.id && e.committed !== "pending").length === 2);
    await worker.stop();
    await unsubscribe();
    const row = await jobRow(job.id);
    assert.deepEqual(row.result, { echoed: { n: 1 } });
    assert.equal(row.lockedBy, null);
    const seen = events.filter((e) => e.id === job.id);
    assert.deepEqual(seen.map((e) => e.status), ["in_progress", "success"]);
    assert.ok(seen.every((e) => e.committed !== "missing"), "the row exists when its creation is announced");
    assert.equal(seen[1].committed, "success", "success is announced once committed");
  });

  test("several workers: every job is processed exactly once", async () => {
    const processed = new Map<string, number>();
    const handler: JobHandler = async (job) => {
      processed.set(job.id, (processed.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true };
    };
    const jobs = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueJob(engine(), { kind: "count", ownerId: 1, input: { i } })));
    const workers = Array.from({ length: 3 }, () => new JobWorker(engine(), { count: handler }));
    await Promise.all(workers.map((w) => w.start()));
    await until(async () => (await database.prisma.job.count({ where: { kind: "count", status: "success" } })) === 30);
    await Promise.all(workers.map((w) => w.stop()));
    assert.deepEqual(jobs.map((job) => processed.get(job.id)), Array(30).fill(1));
  });

  test("transient failures retry with backoff; permanent ones fail with their code and message", async () => {
    let calls = 0;
    const worker = new JobWorker(engine(), {
      flaky: async () => {
        calls += 1;
        if (calls < 3) throw new TransientJobError("busy");
        return { ok: true };
      },
      broken: async () => {
        throw new PermanentJobError("import_failed", "The file is not an image or a video");
      },
    });
    await worker.start();
    const flaky = await enqueueJob(engine(), { kind: "flaky", ownerId: 1, input: {} });
    const broken = await enqueueJob(engine(), { kind: "broken", ownerId: 1, input: {} });
    await until(async () => (await jobRow(flaky.id)).status === "success" && (await jobRow(broken.id)).status === "failed");
    await worker.stop();
    assert.equal((await jobRow(flaky.id)).attempts, 3);
    const failed = await jobRow(broken.id);
    assert.deepEqual([failed.errorCode, failed.errorMessage, failed.attempts], ["import_failed", "The file is not an image or a video", 1]);
  });

  test("retries run out: the job fails with internal_failure", async () => {
    const worker = new JobWorker(engine(), { doomed: async () => { throw new TransientJobError("still busy"); } });
    await worker.start();
    const job = await enqueueJob(engine(), { kind: "doomed", ownerId: 1, input: {}, maxAttempts: 2 });
    await until(async () => (await jobRow(job.id)).status === "failed");
    await worker.stop();
    const row = await jobRow(job.id);
    assert.deepEqual([row.errorCode, row.attempts], ["internal_failure", 2]);
  });

  test("a worker that stops mid-job leaves nothing stuck: its lease runs out and another worker finishes it", async () => {
    const job = await enqueueJob(engine(), { kind: "resumable", ownerId: 1, input: {} });
    const dead = new JobWorker(engine(), { resumable: async () => ({}) });
    const claimed = await dead.claim();
    assert.equal(claimed?.id, job.id, "the first worker claimed the job and then died without a word");
    const survivor = new JobWorker(engine(), { resumable: async () => ({ resumed: true }) });
    await survivor.start();
    await until(async () => (await jobRow(job.id)).status === "success");
    await survivor.stop();
    const row = await jobRow(job.id);
    assert.deepEqual([row.result, row.attempts], [{ resumed: true }, 2]);
  });
});

describe("what a handler decides, and what a finished job records", () => {
  test("a handler's own retry waits the delay it asks; a deferral that was no attempt is not counted", async () => {
    const runs: number[] = [];
    const worker = new JobWorker(engine(), {
      paced: async (job) => {
        runs.push(Date.now());
        if (runs.length === 1) throw new RetryJobLaterError("busy", 10, false);
        if (runs.length === 2) throw new RetryJobLaterError("try later", 400);
        return { attempts: job.attempts };
      },
    });
    await worker.start();
    const job = await enqueueJob(engine(), { kind: "paced", ownerId: 1, input: {}, maxAttempts: 5 });
    await until(async () => (await jobRow(job.id)).status === "success");
    await worker.stop();
    assert.ok(runs[2] - runs[1] >= 400, `waited ${runs[2] - runs[1]} ms as asked`);
    assert.deepEqual((await jobRow(job.id)).result, { attempts: 2 }, "the deferral did not count as an attempt");
  });

  test("a job an integration started records, with its outcome, the event that tells the integration; others record none", async () => {
    const worker = new JobWorker(engine(), { made: async () => ({ designId: "D1" }), broke: async () => { throw new PermanentJobError("bad_file", "no"); } });
    await worker.start();
    const told = await enqueueJob(engine(), { kind: "made", ownerId: 7, clientId: "OC-app", input: {} });
    const failed = await enqueueJob(engine(), { kind: "broke", ownerId: 7, clientId: "OC-app", input: { designId: "D2" } });
    const untold = await enqueueJob(engine(), { kind: "made", ownerId: 7, input: {} });
    await until(async () => (await database.prisma.job.count({ where: { id: { in: [told.id, failed.id, untold.id] }, status: "in_progress" } })) === 0);
    await worker.stop();
    const events = await database.prisma.job.findMany({ where: { kind: INTEGRATION_EVENT_JOB, ownerId: 7 } });
    const byJob = new Map(events.map((event) => [(event.input as { jobId: string }).jobId, event.input]));
    assert.deepEqual(byJob.get(told.id), { type: "job_finished", jobId: told.id, jobKind: "made", clientId: "OC-app", userId: 7, status: "success", errorCode: null, resourceIds: { design_id: "D1" } });
    assert.deepEqual(byJob.get(failed.id), { type: "job_finished", jobId: failed.id, jobKind: "broke", clientId: "OC-app", userId: 7, status: "failed", errorCode: "bad_file", resourceIds: { design_id: "D2" } });
    assert.equal(byJob.has(untold.id), false);
  });
});

describe("a job whose workers keep dying", () => {
  test("is failed with a clear error once its attempts are used up, not retried forever", async () => {
    const job = await enqueueJob(engine(), { kind: "poison", ownerId: 1, input: {}, maxAttempts: 2 });
    for (let death = 0; death < 2; death++) {
      const dying = new JobWorker(engine(), { poison: async () => ({}) });
      await until(async () => (await dying.claim()) !== undefined);
    }
    const events: JobEvent[] = [];
    const unsubscribe = await bus.subscribe(JOB_EVENTS, (event: JobEvent) => event.id === job.id && events.push(event));
    const survivor = new JobWorker(engine(), { poison: async () => ({ ran: true }) });
    await survivor.start();
    await until(async () => events.length > 0);
    await survivor.stop();
    await unsubscribe();
    const row = await jobRow(job.id);
    assert.equal(row.errorCode, "internal_failure");
    assert.match(row.errorMessage!, /workers stopped too many times/);
    assert.equal(row.result, null, "the handler did not run a third time");
    assert.deepEqual(events.map((event) => event.status), ["failed"], "the failure was published");
  });
});

describe("event bus over Redis", { skip: !process.env.REDIS_URL && "needs REDIS_URL" }, () => {
  test("an event published through one connection reaches subscribers of another", async () => {
    const prefix = `test-${process.pid}-${Date.now()}`;
    const a = redisBus(process.env.REDIS_URL!, prefix);
    const b = redisBus(process.env.REDIS_URL!, prefix);
    try {
      const received: unknown[] = [];
      const unsubscribe = await b.subscribe("jobs", (message) => received.push(message));
      await a.publish("jobs", { id: "j1", status: "success" });
      await until(async () => received.length === 1, 5000);
      assert.deepEqual(received, [{ id: "j1", status: "success" }]);
      await unsubscribe();
      await a.publish("jobs", { id: "j2", status: "success" });
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(received.length, 1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
