import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client.js";
import { applyMigrations } from "./migrations.js";
import { pgliteAdapter } from "./pglite-adapter.js";
import { pgliteRunner, postgresRunner, type SqlRunner } from "./sql-runner.js";

export { PrismaClient };

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  close(): Promise<void>;
}

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
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
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: location.databaseUrl }) });
    return { kind: "postgres", prisma, close: () => prisma.$disconnect() };
  }
  const dir = pgliteDirectory(location.dataDir);
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await applyMigrations(pgliteRunner(pglite, { ownsDatabase: false }));
  const prisma = new PrismaClient({ adapter: pgliteAdapter(pglite) });
  return {
    kind: "pglite",
    prisma,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
