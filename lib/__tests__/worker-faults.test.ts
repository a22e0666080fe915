// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openDatabase, type Database } from "../db/database.js";
import { enqueueJob, JobWorker, type JobHandler } from "../jobs/engine.js";
import { createLogger } from "../logger.js";
import { inMemoryBus } from "../pubsub.js";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { startFaultProxy, targetOf, type FaultProxy } from "../../testing/fault-proxy.js";
import { eventually, sleep } from "../../testing/steady-load.js";

let location: TestDatabase;
let database: Database;
const bus = inMemoryBus();
const log = createLogger("silent");

before(async () => {
  location = await createTestDatabase();
  database = await openDatabase(location);
});
after(async () => {
  await database.close();
  await location.drop();
});

const engine = (db = database, overrides = {}) => ({ db: db.prisma, bus, log, leaseMs: 60_000, backoffMs: 20, pollMs: 25, ...overrides });
const jobRow = (id: string) => database.prisma.job.findUniqueOrThrow({ where: { id } });

/** A handler that runs until it is let go (or aborted, when it listens). */
function heldHandler(listensToAbort: boolean) {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let runs = 0;
  const handler: JobHandler = async (_job, signal) => {
    runs++;
    started();
    if (listensToAbort) await Promise.race([held, new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopping"))))]);
    else await held;
    return { done: true };
  };
  return { handler, letGo, running, runs: () => runs };
}

describe("workers stopping", () => {
  test("a stopped worker gives its running job's lease back at once, the attempt not counted", async () => {
    const held = heldHandler(true);
    const worker = new JobWorker(engine(), { held: held.handler });
    await worker.start();
    const job = await enqueueJob(engine(), { kind: "held", ownerId: 1, input: {} });
    await held.running;
    await worker.stop();
    const row = await jobRow(job.id);
    assert.deepEqual([row.status, row.lockedBy, row.attempts], ["in_progress", null, 0]);
    assert.ok(row.runAfter.getTime() <= Date.now(), "claimable again now, not after the lease");
  });

  test("a handler that does not stop in time: stop returns after the grace and the lease is given back", async () => {
    const held = heldHandler(false);
    const worker = new JobWorker(engine(database, { stopGraceMs: 300 }), { stubborn: held.handler });
    await worker.start();
    const job = await enqueueJob(engine(), { kind: "stubborn", ownerId: 1, input: {} });
    await held.running;
    const started = Date.now();
    await worker.stop();
    assert.ok(Date.now() - started < 5_000, "stop is bounded");
    assert.equal((await jobRow(job.id)).lockedBy, null);
    held.letGo();
  });
});

const postgres = process.env.DATABASE_URL;

describe("workers through a database outage", { skip: !postgres && "needs DATABASE_URL (embedded PGlite cannot go down)" }, () => {
  let proxy: FaultProxy;
  let proxied: Database;
  before(async () => {
    proxy = await startFaultProxy(targetOf(location.databaseUrl!, 5432));
    proxied = await openDatabase({ ...location, databaseUrl: proxy.via(location.databaseUrl!), databaseBounds: { connectTimeoutMs: 500, statementTimeoutMs: 2_000 } });
  });
  after(async () => {
    await proxied?.close();
    await proxy?.close();
  });

  test("a job finished while the database is away is recorded once when it returns; the claim loop backs off and resumes", async () => {
    const held = heldHandler(false);
    const worker = new JobWorker(engine(proxied, { maxOutageBackoffMs: 200 }), { "held-through-outage": held.handler, quick: async () => ({ quick: true }) });
    await worker.start();
    try {
      const job = await enqueueJob(engine(), { kind: "held-through-outage", ownerId: 1, input: {} });
      await held.running;
      proxy.cut();
      held.letGo();
      await sleep(1_500);
      assert.equal((await jobRow(job.id)).status, "in_progress", "nothing recorded while the database is away");
      proxy.restore();
      await eventually(async () => (await jobRow(job.id)).status === "success", 20_000, "the outcome recorded after the outage");
      const row = await jobRow(job.id);
      assert.deepEqual([row.result, row.attempts, row.lockedBy], [{ done: true }, 1, null]);
      assert.equal(held.runs(), 1, "the job ran once");
      const next = await enqueueJob(engine(), { kind: "quick", ownerId: 1, input: {} });
      await eventually(async () => (await jobRow(next.id)).status === "success", 20_000, "new jobs claimed after the outage");
    } finally {
      proxy.restore();
      await worker.stop();
    }
  });
});
