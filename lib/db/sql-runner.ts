import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The two things migrations and schema checks need from a database, for PGlite and PostgreSQL alike. */
export interface SqlRunner {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export function pgliteRunner(db: PGlite, { ownsDatabase }: { ownsDatabase: boolean }): SqlRunner {
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await db.query<Row>(sql, params)).rows;
    },
    async close() {
      if (ownsDatabase) await db.close();
    },
  };
}

export async function postgresRunner(connectionString: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as Row[];
    },
    async close() {
      await client.end();
    },
  };
}
