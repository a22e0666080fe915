import { createHash, randomBytes } from "node:crypto";
import { cpSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteDirectory } from "../lib/db/database.js";
import { applyMigrations, readMigrations } from "../lib/db/migrations.js";
import { pgliteRunner, postgresRunner } from "../lib/db/sql-runner.js";

/** Where one test file keeps its data: a fresh temp DATA_DIR and, when DATABASE_URL is set, a fresh database. */
export interface TestDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * A new database costs one copy of a migrated template, made once per set of migrations and kept: a
 * PGlite data directory under node_modules/.cache (a fresh install starts without it), a database
 * `test_template_<hash>` on PostgreSQL. Creating PGlite's cluster and applying every migration took
 * about 3 s a platform; the copy takes a fraction of that.
 */
const TEMPLATES = fileURLToPath(new URL("../node_modules/.cache/platform-test-templates", import.meta.url));
/** Serialises building the PostgreSQL template between test processes. */
const TEMPLATE_LOCK_KEY = 727_002;

async function migrationsHash(): Promise<string> {
  const migrations = await readMigrations();
  return createHash("sha256").update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join("\n")).digest("hex").slice(0, 16);
}

const exists = (file: string) => stat(file).then(() => true, () => false);

/** The migrated PGlite data directory to copy, built by whichever process needs it first. */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(TEMPLATES, `pglite-${await migrationsHash()}`);
  if (await exists(template)) return template;
  await mkdir(TEMPLATES, { recursive: true });
  const building = await mkdtemp(path.join(TEMPLATES, "building-"));
  const db = await PGlite.create(building);
  await applyMigrations(pgliteRunner(db, { ownsDatabase: false }));
  await db.close();
  // Another process may have finished first: its template is as good as this one.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

async function withAdmin<T>(serverUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrated template database's name on this server; older templates are dropped when a new one is built. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${await migrationsHash()}`;
  return withAdmin(serverUrl, async (admin) => {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount) return name;
      const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%'");
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const runner = await postgresRunner(databaseUrl(serverUrl, building));
      try {
        await applyMigrations(runner);
      } finally {
        await runner.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * The settings a test's platform or domain starts with over `database`: silent, a secret and rate-limit
 * keys of its own, Redis when the run has it; then `env`; then where its data is (`databaseUrl` may reach it another way).
 */
export function testSettings(database: TestDatabase, env: Record<string, string>, databaseUrl = database.databaseUrl): Record<string, string> {
  return {
    LOG_LEVEL: "silent",
    JWT_SECRET: randomBytes(32).toString("hex"),
    RATE_LIMIT_KEY_PREFIX: `test-${randomBytes(6).toString("hex")}`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
    DATA_DIR: database.dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Puts a migrated embedded database in `dataDir` (a process of its own then opens it without creating or migrating one). */
export async function withMigratedPglite(dataDir: string): Promise<void> {
  // Synchronous: one native call, several times faster than the promise version's file-by-file steps.
  cpSync(await pgliteTemplate(), pgliteDirectory(dataDir), { recursive: true });
}

/**
 * A fresh temp DATA_DIR and database, migrated unless `migrated: false` (an empty database, for the
 * migrations' own tests).
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "platform-test-"));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (migrated) await withMigratedPglite(dataDir);
    return { dataDir, databaseUrl: undefined, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = migrated ? await postgresTemplate(serverUrl) : undefined;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  return {
    dataDir,
    databaseUrl: databaseUrl(serverUrl, name),
    async drop() {
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
