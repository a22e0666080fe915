// @tier process
// @depends postgres
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtemp, mkdir, writeFile, cp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, MIGRATIONS_DIR, MIGRATIONS_TABLE } from "../../lib/db/migrations.js";
import { pgliteRunner, type SqlRunner } from "../../lib/db/sql-runner.js";
import { openSqlRunner } from "../../lib/db/database.js";
import { createTestDatabase } from "../../testing/database.js";

/** Everything about the public schema that Prisma's datamodel decides, in a comparable form. */
async function describeSchema(db: SqlRunner) {
  const excluded = [MIGRATIONS_TABLE];
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length,
            numeric_precision, numeric_scale, datetime_precision
       FROM information_schema.columns WHERE table_schema = 'public' AND NOT (table_name = ANY($1))
      ORDER BY table_name, column_name`,
    [excluded],
  );
  const constraints = await db.query(
    `SELECT rel.relname AS table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace ns ON ns.oid = rel.relnamespace
      WHERE ns.nspname = 'public' AND NOT (rel.relname = ANY($1)) ORDER BY rel.relname, con.conname`,
    [excluded],
  );
  const indexes = await db.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND NOT (tablename = ANY($1))
      ORDER BY tablename, indexname`,
    [excluded],
  );
  const enums = await db.query(
    `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY t.typname`,
  );
  return { columns, constraints, indexes, enums };
}

function schemaSqlFromDatamodel(): string {
  return execFileSync("npx", ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema", "--script"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
}

describe("migrations", () => {
  test("applying the committed migrations yields exactly what the Prisma schema describes", async () => {
    const fromMigrations = pgliteRunner(await PGlite.create(), { ownsDatabase: true });
    const fromDatamodel = pgliteRunner(await PGlite.create(), { ownsDatabase: true });
    try {
      await applyMigrations(fromMigrations);
      await fromDatamodel.exec(schemaSqlFromDatamodel());
      const expected = await describeSchema(fromDatamodel);
      assert.ok(expected.columns.length > 0);
      assert.deepEqual(await describeSchema(fromMigrations), expected);
    } finally {
      await fromMigrations.close();
      await fromDatamodel.close();
    }
  });

  test("db:migrate is idempotent on the configured database (PGlite, or PostgreSQL with DATABASE_URL)", async () => {
    const database = await createTestDatabase({ migrated: false });
    const runner = await openSqlRunner(database);
    try {
      const first = await applyMigrations(runner);
      assert.ok(first.length >= 1);
      assert.deepEqual(await applyMigrations(runner), []);
      const tables = await runner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'`,
      );
      assert.equal(tables[0].n, 1);
    } finally {
      await runner.close();
      await database.drop();
    }
  });

  test("a migration edited after it was applied is refused", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    const db = pgliteRunner(await PGlite.create(), { ownsDatabase: true });
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await mkdir(path.join(dir, "99990101000000_extra"));
      await writeFile(path.join(dir, "99990101000000_extra", "migration.sql"), "CREATE TABLE extra (id int);");
      await applyMigrations(db, dir);
      await writeFile(path.join(dir, "99990101000000_extra", "migration.sql"), "CREATE TABLE extra (id bigint);");
      await assert.rejects(applyMigrations(db, dir), /was changed after it was applied/);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a failing migration leaves nothing behind", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    const db = pgliteRunner(await PGlite.create(), { ownsDatabase: true });
    try {
      await mkdir(path.join(dir, "00000000000000_broken"));
      await writeFile(path.join(dir, "00000000000000_broken", "migration.sql"), "CREATE TABLE half (id int); SELECT * FROM missing;");
      await assert.rejects(applyMigrations(db, dir), /00000000000000_broken failed/);
      const rows = await db.query(`SELECT to_regclass('public.half') AS half`);
      assert.equal(rows[0].half, null);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("p2p pins only: blocks an earlier version kept for anyone (no owner) are removed, pins stay", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    const db = pgliteRunner(await PGlite.create(), { ownsDatabase: true });
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const pinsOnly = path.join(dir, "20261231100000_p2p_pins_only");
      await rm(pinsOnly, { recursive: true });
      await applyMigrations(db, dir);
      await db.query(`INSERT INTO "P2pBlock" (cid, base64, size, "createdById") VALUES ('kept-for-anyone', 'AA==', 1, NULL), ('pinned', 'AQ==', 1, 7)`);
      await cp(path.join(MIGRATIONS_DIR, "20261231100000_p2p_pins_only"), pinsOnly, { recursive: true });
      assert.deepEqual(await applyMigrations(db, dir), ["20261231100000_p2p_pins_only"]);
      assert.deepEqual(await db.query(`SELECT cid, "createdById" FROM "P2pBlock"`), [{ cid: "pinned", createdById: 7 }]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
