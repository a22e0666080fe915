import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client.js";
import { applyMigrations } from "./migrations.js";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { instrumentAdapter, type StatementCounter } from "./adapter-wrapper.js";
import { pgliteRunner, postgresRunner, type SqlRunner } from "./sql-runner.js";
import { withStatementParsersOnce } from "./pglite-parsers.js";

export { PrismaClient };

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** SQL statements sent so far by this process's Prisma client. */
  statements: StatementCounter;
  /** One trivial statement: resolves when the database answers now (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Bounds on a PostgreSQL server, so requests fail fast while it is away instead of piling up. */
  databaseBounds?: DatabaseBounds;
}

export interface DatabaseBounds {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /** One statement, on the server (`statement_timeout`) and in the client (a lost connection that never answers). */
  statementTimeoutMs: number;
}

export const DEFAULT_DATABASE_BOUNDS: DatabaseBounds = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

async function ping(prisma: PrismaClient): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

function poolConfig(connectionString: string, bounds: DatabaseBounds) {
  return {
    connectionString,
    connectionTimeoutMillis: bounds.connectTimeoutMs,
    statement_timeout: bounds.statementTimeoutMs,
    // The client gives up a little after the server would have: only a connection that went silent hits it.
    query_timeout: bounds.statementTimeoutMs + 1_000,
  };
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pg");
}

/** Opens a raw SQL connection (migrations, schema checks). Embedded PGlite is opened by its owner only. */
export async function openSqlRunner(location: DatabaseLocation): Promise<SqlRunner> {
  if (location.databaseUrl) return postgresRunner(location.databaseUrl);
  const dir = pgliteDirectory(location.dataDir);
  await mkdir(dir, { recursive: true });
  return pgliteRunner(await PGlite.create(dir), { ownsDatabase: true });
}

/**
 * Opens the database, applies pending migrations, and returns a Prisma client over it.
 * Embedded PGlite belongs to this process alone; PostgreSQL is shared by every process.
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.databaseUrl) {
    const runner = await postgresRunner(location.databaseUrl);
    try {
      await applyMigrations(runner);
    } finally {
      await runner.close();
    }
    const statements = { count: 0 };
    const adapter = instrumentAdapter(new PrismaPg(poolConfig(location.databaseUrl, location.databaseBounds ?? DEFAULT_DATABASE_BOUNDS)), statements, false);
    const prisma = new PrismaClient({ adapter });
    return { kind: "postgres", prisma, statements, ping: () => ping(prisma), close: () => prisma.$disconnect() };
  }
  const dir = pgliteDirectory(location.dataDir);
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await applyMigrations(pgliteRunner(pglite, { ownsDatabase: false }));
  const statements = { count: 0 };
  // The PGlite adapter is typed against an older copy of Prisma's adapter interface; same contract at runtime.
  const adapter = instrumentAdapter(new PrismaPGlite(await withStatementParsersOnce(pglite)), statements, true) as never;
  const prisma = new PrismaClient({ adapter });
  return {
    kind: "pglite",
    prisma,
    statements,
    ping: () => ping(prisma),
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
