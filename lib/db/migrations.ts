import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SqlRunner } from "./sql-runner.js";
import { SILENT_PROGRESS, type Progress } from "../process/progress.js";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));
/** Bookkeeping table of applied migrations; not part of any domain's schema. */
export const MIGRATIONS_TABLE = "_schema_migrations";
/** Serialises concurrent `db:migrate` runs (several replicas starting at once) on one server. */
const MIGRATION_LOCK_KEY = 727_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies committed migrations in name order, each in its own transaction, and records them.
 * Running it again applies nothing; a migration edited after it was applied is refused.
 */
export async function applyMigrations(db: SqlRunner, dir = MIGRATIONS_DIR, progress: (pending: number) => Progress = () => SILENT_PROGRESS): Promise<string[]> {
  const migrations = await readMigrations(dir);
  await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await db.exec(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
         name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const rows = await db.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${MIGRATIONS_TABLE}"`);
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const appliedNow: string[] = [];
    const bar = progress(migrations.filter((migration) => !applied.has(migration.name)).length);
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new MigrationError(`migration ${migration.name} was changed after it was applied`);
        }
        continue;
      }
      await db.exec("BEGIN");
      try {
        await db.exec(migration.sql);
        await db.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum) VALUES ($1, $2)`, [
          migration.name,
          migration.checksum,
        ]);
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new MigrationError(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      appliedNow.push(migration.name);
      bar.advance(migration.name);
    }
    bar.stop();
    return appliedNow;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}
