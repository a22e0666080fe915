import { loadConfig } from "../lib/config.js";
import { openSqlRunner } from "../lib/db/database.js";
import { applyMigrations } from "../lib/db/migrations.js";
import { progressBar } from "../lib/process/progress.js";

const config = loadConfig();
const runner = await openSqlRunner(config);
try {
  const applied = await applyMigrations(runner, undefined, (pending) => progressBar("migrations", pending));
  const target = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  console.log(applied.length ? `applied ${applied.join(", ")} to ${target}` : `${target} is up to date`);
} finally {
  await runner.close();
}
