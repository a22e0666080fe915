import pg from "pg";

/** PostgreSQL's codes: the database named does not exist; it exists already (created meanwhile by another). */
const NO_SUCH_DATABASE = "3D000";
const DATABASE_EXISTS = "42P04";

/** A problem with the database server said in one line, with what to do (no driver stack). */
export class DatabaseSetupError extends Error {}

function describe(url: URL): string {
  return `${url.hostname}:${url.port || 5432}`;
}

/**
 * Makes sure the database `url` names exists: when the server says it does not, creates it through the
 * server's `postgres` database with the same credentials. Answers what it did; a server that cannot be
 * reached, or a database that cannot be created, is a `DatabaseSetupError` saying how to fix it.
 */
export async function ensureDatabase(connectionString: string): Promise<"existed" | "created"> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || url.username || "postgres";
  const probe = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await probe.connect();
    return "existed";
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code !== NO_SUCH_DATABASE) throw new DatabaseSetupError(`could not connect to PostgreSQL at ${describe(url)} (DATABASE_URL): ${message}`);
  } finally {
    await probe.end().catch(() => undefined);
  }
  const server = new URL(url);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return "created";
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === DATABASE_EXISTS) return "existed";
    const user = url.username ? ` -U ${decodeURIComponent(url.username)}` : "";
    throw new DatabaseSetupError(
      `database "${name}" does not exist and could not be created (${message}): create it with \`createdb -h ${url.hostname} -p ${url.port || 5432}${user} ${name}\`, then run this again`,
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
}
