import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import { readdirSync } from "node:fs";
import path from "node:path";
import { readCommandLine } from "../lib/process/command-line.js";
import { fileURLToPath } from "node:url";
import { readDeclaration, TIERS, TierDeclarationError, type TestFile } from "../testing/runner/tiers.js";
import { runProcess, type FileResult } from "../testing/runner/run-process.js";
import { readBoots, report } from "../testing/runner/report.js";
import { Durations } from "../testing/runner/durations.js";
import { Schedule } from "../testing/runner/schedule.js";

const USAGE = `Usage: npm test [-- [--tier unit|contract|process] [--concurrency N] [--own-processes] [--record-durations] [--list] [path filters…]]

Runs every __tests__/*.test.ts, N test processes at once (TEST_CONCURRENCY, default 3). Unit and contract
files share processes, one file after another; process-tier files and those that say so run alone
(--own-processes: every file alone). Slowest first, by the durations of the last run here, else those
recorded in testing/runner/durations.json (--record-durations writes this run's there).
With DATABASE_URL or REDIS_URL set and no path filter, runs only the files that declare they depend on them
("// @depends postgres, redis"). Writes .test-report/timings.json and tests.txt and prints the slowest files.`;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SEARCHED = ["lib", "subgraphs", "gateway", "rest-adapter", "pages", "prisma", "scripts", "workers", "testing", "examples"];
const NODE_MAJOR = 24;

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

const { values: options, positionals: filters } = readCommandLine(USAGE, {
  allowPositionals: true,
  options: {
    tier: { type: "string", multiple: true },
    concurrency: { type: "string" },
    list: { type: "boolean" },
    "own-processes": { type: "boolean" },
    "record-durations": { type: "boolean" },
  },
});
console.log(`node ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split(".")[0]) < NODE_MAJOR) {
  console.error(`tests need Node ${NODE_MAJOR} or newer: run them with \`npm test\` after \`npm ci\`, which puts the project's own Node first`);
  process.exit(1);
}

const declarations: TestFile[] = [];
const undeclared: string[] = [];
for (const file of SEARCHED.flatMap((dir) => findTests(path.join(ROOT, dir))).sort()) {
  try {
    declarations.push(readDeclaration(file));
  } catch (error) {
    if (!(error instanceof TierDeclarationError)) throw error;
    undeclared.push(error.message);
  }
}
if (undeclared.length) {
  console.error(`every test file declares its tier (testing/runner/tiers.ts); these do not:\n  ${undeclared.join("\n  ")}`);
  process.exit(1);
}
const tiers = (options.tier ?? []).flatMap((tier) => tier.split(","));
const unknownTier = tiers.find((tier) => !(TIERS as readonly string[]).includes(tier));
if (unknownTier) {
  console.error(`unknown tier "${unknownTier}": ${TIERS.join(", ")}`);
  process.exit(1);
}
const servers = [...(process.env.DATABASE_URL ? ["postgres"] : []), ...(process.env.REDIS_URL ? ["redis"] : [])];
// The S3 server needs nothing installed (the tests start it): its files run wherever the servers' do.
const services = servers.length ? [...servers, "s3"] : [];
const selected = declarations.filter(
  (file) =>
    (tiers.length === 0 || tiers.includes(file.tier)) &&
    (filters.length ? filters.some((filter) => file.path.includes(filter)) : services.length === 0 || file.depends.some((name) => services.includes(name))),
);
if (services.length && filters.length === 0) {
  console.log(`${services.join(" + ")}: the ${selected.length} files that depend on them (the other ${declarations.length - selected.length} run on embedded PGlite only)`);
}
if (options.list) {
  for (const file of selected) console.log(`${file.tier.padEnd(8)} ${file.depends.join(",").padEnd(14)} ${(file.ownProcess ? "own" : "shared").padEnd(7)} ${path.relative(ROOT, file.path)}`);
  process.exit(0);
}
if (selected.length === 0) {
  console.error("no test file matches");
  process.exit(1);
}

// This run's reports are written apart (another run in the same checkout writes its own), then moved to .test-report/ at the end.
const reportDir = path.join(ROOT, ".test-report");
const runDir = await mkdtemp(path.join(os.tmpdir(), "test-run-"));
await mkdir(path.join(runDir, "processes"));
const bootLog = path.join(runDir, "boots.jsonl");

const durations = await Durations.load(ROOT, servers);

const concurrency = Math.max(1, Number(options.concurrency ?? process.env.TEST_CONCURRENCY ?? 3));
const schedule = new Schedule(selected, { estimate: (file) => durations.estimate(file), concurrency, allAlone: options["own-processes"] });
const timeoutMs = Number(process.env.TEST_TIMEOUT_MS ?? 300_000);
const runLimitMs = Number(process.env.TEST_RUN_LIMIT_MS ?? 45 * 60_000);
const results: FileResult[] = [];
const started = performance.now();
let stopped = false;
let processes = 0;
const limit = setTimeout(() => {
  stopped = true;
  console.error(`test run stopped: over its limit of ${runLimitMs} ms (TEST_RUN_LIMIT_MS)`);
}, runLimitMs);

async function worker() {
  for (let files = schedule.next(); files.length && !stopped; files = schedule.next()) {
    const index = processes++;
    const reportFile = path.join(runDir, "processes", `${index}.jsonl`);
    const run = await runProcess(files, { root: ROOT, reportFile, timeoutMs, bootLog, index });
    results.push(...run.files);
    const lines = run.files.map((result) => `${result.passed ? "✔" : "✖"} ${path.relative(ROOT, result.file.path)} (${(result.ms / 1000).toFixed(1)} s)`);
    console.log(`\n── test process ${index}: ${files.length} file(s), ${(run.ms / 1000).toFixed(1)} s, exit ${run.files[0].exit}\n${lines.join("\n")}\n${run.output.trimEnd()}`);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, selected.length) }, worker));
clearTimeout(limit);
await durations.save(results, { record: Boolean(options["record-durations"]) && services.length === 0 });

await rm(reportDir, { recursive: true, force: true });
await cp(runDir, reportDir, { recursive: true });
await rm(runDir, { recursive: true, force: true });
const summary = await report(results, await readBoots(path.join(reportDir, "boots.jsonl")), { root: ROOT, dir: reportDir, wallMs: Math.round(performance.now() - started), concurrency, processes });
const failed = results.filter((result) => !result.passed);
if (failed.length) console.error(`\nfailed files:\n  ${failed.map((result) => path.relative(ROOT, result.file.path)).join("\n  ")}`);
const missing = selected.length - results.length;
if (missing) console.error(`${missing} files never ran`);
process.exit(failed.length || missing || summary.fail ? 1 : 0);
