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

/**
 * V8 of Node 24.21 was seen to abort once ("Check failed: jit_page_->allocations_.erase(addr)" in
 * ThreadIsolation::UnregisterWasmAllocation) while a test file freed its WebAssembly database; its
 * memory-protection-key bookkeeping of JIT pages is turned off for test processes (they inherit it).
 */
const RUNTIME_FLAGS = ["--no-memory-protection-keys"];

/** The runtime is the Node 24 the project installs itself (`node_modules/.bin/node`); test files run on this binary. */
const NODE_MAJOR = 24;
console.log(`node ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split(".")[0]) < NODE_MAJOR) {
  console.error(`tests need Node ${NODE_MAJOR} or newer: run them with \`npm test\` after \`npm ci\`, which puts the project's own Node first`);
  process.exit(1);
}

const filter = process.argv.slice(2);
const files = ROOTS.flatMap(findTests)
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort();
/**
 * A file whose `before` hook failed can leave a server open and its process alive for ever; the
 * runner ends each file once its tests are done (`--test-force-exit`), and the whole run is bounded.
 */
const RUN_LIMIT_MS = Number(process.env.TEST_RUN_LIMIT_MS ?? 45 * 60_000);
const result = spawnSync(
  process.execPath,
  [
    ...RUNTIME_FLAGS,
    "--import",
    "tsx",
    "--test",
    "--test-force-exit",
    "--test-reporter=spec",
    `--test-timeout=${process.env.TEST_TIMEOUT_MS ?? 300_000}`,
    `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`,
    ...files,
  ],
  { stdio: "inherit", timeout: RUN_LIMIT_MS, killSignal: "SIGKILL" },
);
if (result.error) console.error(`test run stopped: ${result.error.message} (limit ${RUN_LIMIT_MS} ms)`);
process.exit(result.status ?? 1);
