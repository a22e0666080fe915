import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** Runs every `__tests__/*.test.ts` with Node's test runner (each file in its own process). */
const ROOTS = ["lib", "subgraphs", "gateway", "rest-adapter", "prisma", "scripts", "workers"];

function findTests(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : findTests(full);
    return full.includes(`${path.sep}__tests__${path.sep}`) && entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

const filter = process.argv.slice(2);
const files = ROOTS.flatMap(findTests)
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort();
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-reporter=spec", `--test-timeout=${process.env.TEST_TIMEOUT_MS ?? 300_000}`, `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`, ...files],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
