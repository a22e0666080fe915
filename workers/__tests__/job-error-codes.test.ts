// @tier unit
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openDatabase, type Database } from "../../lib/db/database.js";
import { enqueueJob, JobWorker, type JobHandler } from "../../lib/jobs/engine.js";
import type { JobErrorCodes } from "../../lib/jobs/error-codes.js";
import { PermanentJobError, TransientJobError } from "../../lib/jobs/errors.js";
import { createLogger } from "../../lib/logger.js";
import { inMemoryBus, type Bus } from "../../lib/pubsub.js";
import assets from "../../subgraphs/assets/module.js";
import brandTemplates from "../../subgraphs/brand-templates/module.js";
import exportsDomain from "../../subgraphs/exports/module.js";
import imports from "../../subgraphs/imports/module.js";
import resizes from "../../subgraphs/resizes/module.js";
import { specEnum } from "../../testing/current-spec.js";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { allJobErrorCodes } from "../start.js";

/**
 * Each design-platform job kind fails only with a code of its operation's documented enum in the
 * current specification: the domains' tables say which code each failure gets, and the engine holds
 * every failure (a foreseen one, an unforeseen one, workers that kept dying) to the kind's table.
 */

const TABLES = allJobErrorCodes([assets, imports, exportsDomain, resizes, brandTemplates]);

/** Each job kind of the design platform, with the specification's enum its failed jobs' `error.code` is. */
const KINDS: [kind: string, enumName: string][] = [
  ["asset_upload", "AssetUploadErrorCode"],
  ["url_asset_upload", "AssetUploadErrorCode"],
  ["design_import", "DesignImportErrorCode"],
  ["url_import", "DesignImportErrorCode"],
  ["design_export", "ExportErrorCode"],
  ["design_resize", "DesignResizeErrorCode"],
  ["design_autofill", "AutofillErrorCode"],
];

describe("each job kind's table is its operation's documented enum", () => {
  for (const [kind, enumName] of KINDS) {
    test(`${kind}: ${enumName}`, () => {
      const table: JobErrorCodes | undefined = TABLES[kind];
      assert.ok(table, `${kind} has a table`);
      assert.deepEqual([...table.documented], specEnum(enumName), "the documented codes are the specification's, in its order");
      for (const [failure, code] of Object.entries({ ...table.failures, unexpected: table.unexpected })) {
        assert.ok(specEnum(enumName).includes(code), `${kind} ${failure}: ${code} is one of ${enumName}`);
      }
    });
  }

  test("the failures the issue names get the documented codes", () => {
    assert.equal(TABLES.design_import.failures.tooBig, "invalid_file", "a too-big import is an invalid file (DesignImportErrorCode has no size code)");
    assert.equal(TABLES.design_import.unexpected, "internal_error");
    assert.equal(TABLES.asset_upload.failures.tooBig, "file_too_big");
    assert.equal(TABLES.design_export.unexpected, "internal_failure");
    assert.equal(TABLES.design_resize.unexpected, "design_resize_error");
    assert.equal(TABLES.design_autofill.unexpected, "autofill_error");
  });
});

/** A migrated database of its own and an in-memory bus, for workers without a platform. */
let world: { location: TestDatabase; database: Database; bus: Bus };
before(async () => {
  const location = await createTestDatabase();
  world = { location, database: await openDatabase(location), bus: inMemoryBus() };
});
after(() => Promise.all([world.bus.close(), world.database.close()]).then(() => world.location.drop()));
const database = { get prisma() { return world.database.prisma; } };

const engine = { get db() { return world.database.prisma; }, get bus() { return world.bus; }, log: createLogger("silent"), leaseMs: 300, backoffMs: 10, pollMs: 25, errorCodes: TABLES };

/** Runs one job of `kind` through a worker whose handler is `handler`, and answers its row once it has finished. */
async function failedRow(kind: string, handler: JobHandler, maxAttempts = 2) {
  const worker = new JobWorker(engine, { [kind]: handler });
  await worker.start();
  const job = await enqueueJob(engine, { kind, ownerId: 1, input: {}, maxAttempts });
  const deadline = Date.now() + 10_000;
  let row = await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
  while (row.status === "in_progress" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    row = await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
  }
  await worker.stop();
  return row;
}

describe("the engine records only documented codes", () => {
  test("a foreseen failure keeps the code the domain's table gives it", async () => {
    const row = await failedRow("design_import", async () => { throw new PermanentJobError(TABLES.design_import.failures.tooBig, "too big"); });
    assert.deepEqual([row.status, row.errorCode, row.errorMessage], ["failed", "invalid_file", "too big"]);
  });

  test("an unforeseen failure, once its attempts run out, gets the kind's own code, not one of another kind", async () => {
    const expected: Record<string, string> = { design_import: "internal_error", asset_upload: "import_failed", design_export: "internal_failure", design_resize: "design_resize_error", design_autofill: "autofill_error" };
    for (const [kind, code] of Object.entries(expected)) {
      const row = await failedRow(kind, async () => { throw new TransientJobError("the disk is full"); });
      assert.deepEqual([row.status, row.errorCode, row.attempts], ["failed", code, 2], kind);
    }
  });

  test("a code the kind does not document (a decoder's ENOENT, another kind's code) becomes the kind's unforeseen code", async () => {
    const enoent = await failedRow("url_import", async () => { throw new PermanentJobError("ENOENT", "no such file"); });
    assert.deepEqual([enoent.errorCode, enoent.errorMessage], ["internal_error", "no such file"]);
    const foreign = await failedRow("design_resize", async () => { throw new PermanentJobError("file_too_big", "too big"); });
    assert.equal(foreign.errorCode, "design_resize_error");
  });

  test("a kind without a table (not a documented job) keeps its codes", async () => {
    const row = await failedRow("webhook_delivery_test", async () => { throw new PermanentJobError("receiver_gone", "gone"); });
    assert.equal(row.errorCode, "receiver_gone");
  });

  test("a job whose workers kept dying fails with its kind's unforeseen code", async () => {
    const job = await enqueueJob(engine, { kind: "design_import", ownerId: 1, input: {}, maxAttempts: 1 });
    await database.prisma.job.update({ where: { id: job.id }, data: { attempts: 1 } });
    const row = await failedRow("design_import", async () => ({}));
    const dead = await database.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
    assert.equal(row.status, "success", "a fresh job of the kind still runs");
    assert.deepEqual([dead.status, dead.errorCode], ["failed", "internal_error"]);
    assert.match(dead.errorMessage!, /workers stopped too many times/);
  });
});
