// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import DataLoader from "dataloader";
import { openDatabase, type Database } from "../db/database.js";
import { CoalescedIdReads } from "../db/coalesced-reads.js";
import { createJobRow } from "../jobs/engine.js";
import { jobLoader, jobReadsOf } from "../jobs/creators-jobs.js";
import { groupLoader, readUniqueShared, sharedIdLoader } from "../db/loaders.js";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import type { Job } from "../../generated/prisma/client.js";

let location: TestDatabase;
let database: Database;
let jobs: Job[];
before(async () => {
  location = await createTestDatabase();
  database = await openDatabase(location);
  jobs = [];
  for (let i = 0; i < 30; i++) jobs.push(await createJobRow(database.prisma, { kind: "test", ownerId: 1 + (i % 3), input: { i }, maxAttempts: 1 }));
});
after(async () => {
  await database.close();
  await location.drop();
});

describe("reads by id merged across requests", () => {
  test("thirty requests reading at once cost one statement, and each gets exactly the rows it asked for", async () => {
    const reads = new CoalescedIdReads<string, Job>((args) => database.prisma.job.findMany(args));
    const asked = jobs.map((job, i) => [job.id, i % 2 === 0 ? "no-such-job" : jobs[(i + 1) % jobs.length].id]);
    const answers = await Promise.all(asked.map((ids) => reads.read(ids)));
    assert.deepEqual(reads.counts, { statements: 1, reads: 30 });
    answers.forEach((rows, i) => {
      assert.deepEqual(rows.map((row) => row?.id ?? null), asked[i].map((id) => (id === "no-such-job" ? null : id)));
    });
  });

  test("requests never share a row object: what one request's resolvers change, another does not see", async () => {
    const reads = new CoalescedIdReads<string, Job>((args) => database.prisma.job.findMany(args));
    const [[mine], [theirs]] = await Promise.all([reads.read([jobs[0].id]), reads.read([jobs[0].id])]);
    assert.equal(reads.counts.statements, 1);
    mine!.status = "failed";
    assert.equal(theirs!.status, "in_progress");
  });

  test("a read after another has finished is a statement of its own and sees what was committed since", async () => {
    const reads = new CoalescedIdReads<string, Job>((args) => database.prisma.job.findMany(args));
    const [before] = await reads.read([jobs[1].id]);
    await database.prisma.job.update({ where: { id: jobs[1].id }, data: { status: "success" } });
    const [after] = await reads.read([jobs[1].id]);
    assert.deepEqual([before!.status, after!.status, reads.counts.statements], ["in_progress", "success", 2]);
  });

  test("a failing statement fails every request merged into it, and the next reads work again", async () => {
    let fail = true;
    const reads = new CoalescedIdReads<string, Job>((args) => (fail ? Promise.reject(new Error("database away")) : database.prisma.job.findMany(args)));
    const outcomes = await Promise.allSettled([reads.read([jobs[2].id]), reads.read([jobs[3].id])]);
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ["rejected", "rejected"]);
    fail = false;
    assert.equal((await reads.read([jobs[2].id]))[0]?.id, jobs[2].id);
  });

  test("reads asked while a statement runs wait for it to finish and share the next one, which sees what was committed meanwhile", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let statements = 0;
    const reads = new CoalescedIdReads<string, Job>(async (args) => {
      if (statements++ === 0) await held;
      return database.prisma.job.findMany(args);
    });
    const first = reads.read([jobs[6].id]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(statements, 1);
    await database.prisma.job.update({ where: { id: jobs[7].id }, data: { status: "failed" } });
    const later = [reads.read([jobs[7].id]), reads.read([jobs[8].id]), reads.read([jobs[7].id, jobs[9].id])];
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(statements, 1, "no second statement while the first runs");
    release();
    const [[sixth], [seventh], [eighth], pair] = await Promise.all([first, ...later]);
    assert.deepEqual([sixth?.id, seventh?.id, eighth?.id, pair.map((job) => job?.id)], [jobs[6].id, jobs[7].id, jobs[8].id, [jobs[7].id, jobs[9].id]]);
    assert.equal(seventh?.status, "failed");
    assert.deepEqual(reads.counts, { statements: 2, reads: 4 });
  });

  test("reads waiting behind a statement that fails still get a statement of their own", async () => {
    let statements = 0;
    const reads = new CoalescedIdReads<string, Job>(async (args) => {
      if (statements++ === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("database away");
      }
      return database.prisma.job.findMany(args);
    });
    const failing = reads.read([jobs[10].id]);
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = reads.read([jobs[11].id]);
    await assert.rejects(failing, /database away/);
    assert.equal((await waiting)[0]?.id, jobs[11].id);
  });

  test("one row by a unique column, read by many at once: one statement, unknown keys null", async () => {
    const before = database.statements.count;
    const found = await Promise.all([...jobs.slice(0, 5).map((job) => job.id), "no-such-job"].map((id) => readUniqueShared(database.prisma.job, "id", id)));
    assert.equal(database.statements.count - before, 1);
    assert.deepEqual(found.map((job) => job?.id ?? null), [...jobs.slice(0, 5).map((job) => job.id), null]);
  });

  test("per-request loaders of one database share its reads: concurrent requests' jobs come in one statement", async () => {
    const shared = jobReadsOf(database.prisma);
    const before = { ...shared.counts };
    const loaders: DataLoader<string, Job | null>[] = jobs.slice(0, 10).map(() => jobLoader(database.prisma));
    const found = await Promise.all(loaders.map((loader, i) => loader.load(jobs[i].id)));
    assert.deepEqual(found.map((job) => job?.id), jobs.slice(0, 10).map((job) => job.id));
    assert.equal(shared.counts.statements - before.statements, 1);
    assert.equal(shared.counts.reads - before.reads, 10);
  });

  test("each model has reads of its own: a user loader and a job loader at once are two statements, each of its table", async () => {
    const user = await database.prisma.user.create({ data: { email: "merged@example.com", name: "Merged", roles: ["CLIENT"] } });
    const before = database.statements.count;
    const users = sharedIdLoader(database.prisma.user);
    const [job, found] = await Promise.all([jobLoader(database.prisma).load(jobs[5].id), users.load(user.id)]);
    assert.equal(job?.id, jobs[5].id);
    assert.equal(found?.email, "merged@example.com");
    assert.equal(database.statements.count - before, 2);
  });
});

describe("reads by a column merged across requests (group loaders)", () => {
  const byOwner = (select?: Record<string, true>) => groupLoader<Job, number>(database.prisma.job, "ownerId", { orderBy: { id: "desc" }, ...(select && { select }) });
  /** What one unmerged read of an owner's jobs answers, in the database's own order. */
  const jobsOf = async (ownerId: number) => (await database.prisma.job.findMany({ where: { ownerId }, orderBy: { id: "desc" } })).map((job) => job.id);

  test("concurrent requests' loaders asking the rows of different keys cost one statement, and each gets exactly its own groups, in order", async () => {
    const expected = new Map([[99, [] as string[]], ...(await Promise.all([1, 2, 3].map(async (owner) => [owner, await jobsOf(owner)] as const)))]);
    const before = database.statements.count;
    const asked = [[1], [2, 3], [3, 99], [1, 2]];
    const answers = await Promise.all(asked.map((keys) => byOwner().loadMany(keys)));
    assert.equal(database.statements.count - before, 1);
    answers.forEach((groups, i) => {
      assert.deepEqual(groups.map((rows) => (rows as Job[]).map((job) => job.id)), asked[i].map((owner) => expected.get(owner)));
    });
  });

  test("requests never share a row object of a group", async () => {
    const [mine, theirs] = await Promise.all([byOwner().load(1), byOwner().load(1)]);
    mine[0].status = "failed";
    assert.notEqual(theirs[0].status, "failed");
    assert.notEqual(mine[0], theirs[0]);
  });

  test("reads of other columns, or another filter, are statements of their own and read only what they ask", async () => {
    const done = jobs.find((job) => job.ownerId === 2)!;
    await database.prisma.job.update({ where: { id: done.id }, data: { status: "success" } });
    const before = database.statements.count;
    const narrow = { id: true, status: true } as const;
    const [whole, slim, filtered] = await Promise.all([
      byOwner().load(2),
      byOwner(narrow).load(2),
      groupLoader<Job, number>(database.prisma.job, "ownerId", { where: { status: "success" }, orderBy: { id: "desc" } }).load(2),
    ]);
    assert.equal(database.statements.count - before, 3);
    assert.deepEqual(whole.map((job) => job.id), await jobsOf(2));
    assert.deepEqual(Object.keys(slim[0]).sort(), ["id", "ownerId", "status"]);
    assert.ok(filtered.some((job) => job.id === done.id));
    assert.deepEqual(filtered.map((job) => job.status), filtered.map(() => "success"));
  });

  test("a key the database refuses fails only the request that asked for it, not the requests merged with it", async () => {
    const [good, bad, alsoGood] = await Promise.allSettled([byOwner().load(1), byOwner().load("not a number" as unknown as number), byOwner().load(2)]);
    assert.deepEqual(good.status === "fulfilled" && good.value.map((job) => job.id), await jobsOf(1));
    assert.equal(bad.status, "rejected");
    assert.deepEqual(alsoGood.status === "fulfilled" && alsoGood.value.map((job) => job.id), await jobsOf(2));
  });

  test("the database away fails every request merged into it with the one statement, not one more each", async () => {
    let calls = 0;
    const away = { findMany: () => (calls++, Promise.reject(Object.assign(new Error("Can't reach database server"), { code: "P1001" }))) } as unknown as typeof database.prisma.job;
    const loader = () => groupLoader<Job, number>(away, "ownerId");
    const outcomes = await Promise.allSettled([loader().load(1), loader().load(2), loader().load(3), byOwner().load(3)]);
    assert.deepEqual(outcomes.map((outcome) => outcome.status), ["rejected", "rejected", "rejected", "fulfilled"]);
    assert.equal(calls, 1);
  });

  test("a filter holding anything but plain values is refused when the loader is made, not merged with another", () => {
    assert.throws(() => groupLoader<Job, number>(database.prisma.job, "ownerId", { where: { createdAt: { gt: new Date(0) } } }), /not a plain value/);
    assert.doesNotThrow(() => groupLoader<Job, number>(database.prisma.job, "ownerId", { where: { status: { in: ["success"] } }, orderBy: [{ id: "asc" }] }));
  });
});
