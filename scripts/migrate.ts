import { readCommandLine } from "../lib/process/command-line.js";
import { loadConfig } from "../lib/config.js";
import { openSqlRunner } from "../lib/db/database.js";
import { DatabaseSetupError, ensureDatabase } from "../lib/db/create-database.js";
import { applyMigrations } from "../lib/db/migrations.js";
import { progressBar } from "../lib/process/progress.js";

readCommandLine(`Usage: npm run db:migrate

Applies the committed migrations (prisma/migrations) that the database has not applied yet, in order,
each in a transaction: embedded PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL (the database is
created first when the server has none of that name). A migration edited after it was applied is refused.
Settings come from the environment (docs/configuration.md).`);

const config = loadConfig();
if (config.databaseUrl) {
  try {
    if ((await ensureDatabase(config.databaseUrl)) === "created") console.log(`created database "${new URL(config.databaseUrl).pathname.slice(1)}"`);
  } catch (error) {
    if (!(error instanceof DatabaseSetupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const runner = await openSqlRunner(config);
try {
  const applied = await applyMigrations(runner, undefined, (pending) => progressBar("migrations", pending));
  const target = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  console.log(applied.length ? `applied ${applied.join(", ")} to ${target}` : `${target} is up to date`);
} finally {
  await runner.close();
}
