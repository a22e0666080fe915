import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestFile } from "./tiers.js";
import { TYPESCRIPT_LOADER } from "../../lib/process/typescript-loader.js";

const REPORTER = fileURLToPath(new URL("./reporter.ts", import.meta.url));
const ENTRY = fileURLToPath(new URL("./files-in-process.ts", import.meta.url));

/**
 * V8 of Node 24.21 was seen to abort once ("Check failed: jit_page_->allocations_.erase(addr)" in
 * ThreadIsolation::UnregisterWasmAllocation) while a test file freed its WebAssembly database; its
 * memory-protection-key bookkeeping of JIT pages is turned off for test processes (they inherit it).
 * WebAssembly (the embedded database, the query compiler) runs on V8's baseline compiler only: a test
 * process lives seconds, too short for optimised tiers to pay for compiling them (about a fifth of a
 * contract file's CPU time).
 */
export const RUNTIME_FLAGS = ["--no-memory-protection-keys", "--liftoff-only"];

export interface TestResult {
  path: string[];
  passed: boolean;
  skipped: boolean;
  cancelled: boolean;
  ms: number;
}

export interface FileResult {
  file: TestFile;
  /** The file's own time, from its first hook to its last (its share of the process it ran in). */
  ms: number;
  /** CPU time spent while it ran, with the processes it started. */
  cpuMs: number;
  /** The test process it ran in (several files share one), and how that process ended: its exit code or signal. */
  process: number;
  exit: number | string;
  counts: { tests: number; suites: number; pass: number; fail: number; cancelled: number; skipped: number; todo: number };
  tests: TestResult[];
  passed: boolean;
}

export interface ProcessResult {
  files: FileResult[];
  ms: number;
  /** Everything the process printed (the spec reporter's lines among it). */
  output: string;
}

export interface RunOptions {
  root: string;
  /** Where this process's line report goes. */
  reportFile: string;
  timeoutMs: number;
  /** Appended to by every platform a test boots (see testing/platform.ts). */
  bootLog: string;
  /** This process's number in the run. */
  index: number;
}

interface ReportLine {
  kind: "file" | "cpu" | "test" | "suite" | "error";
  message: string;
  file: string;
  path: string[];
  passed: boolean;
  skipped: boolean;
  todo: boolean;
  cancelled: boolean;
  ms: number;
  cpuMs: number;
}

/** Runs test files one after another in one process of their own (`node --test`, no second process inside) and reads their report. */
export async function runProcess(files: TestFile[], options: RunOptions): Promise<ProcessResult> {
  const started = performance.now();
  const names = files.map((file) => path.relative(options.root, file.path));
  const child = spawn(
    process.execPath,
    [
      ...RUNTIME_FLAGS,
      // Node's own type stripping: a test process loads in about half the time it took through tsx.
      ...TYPESCRIPT_LOADER,
      "--test",
      "--test-isolation=none",
      "--test-force-exit",
      `--test-timeout=${options.timeoutMs}`,
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      `--test-reporter=${REPORTER}`,
      `--test-reporter-destination=${options.reportFile}`,
      ENTRY,
    ],
    {
      cwd: options.root,
      env: {
        ...process.env,
        // V8's code cache of every module loaded (the same few thousand in every file and in the processes tests start): about 15 % of each start.
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(options.root, "node_modules", ".cache", "node-compile-cache"),
        FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
        TEST_FILES: JSON.stringify(names),
        TEST_BOOT_LOG: options.bootLog,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // A process whose hooks never finish is ended past its tests' own timeout and a margin for booting and closing each file.
  const limit = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs + 120_000 + 60_000 * files.length);
  const exit = await new Promise<number | string>((resolve) => child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
  clearTimeout(limit);
  const lines = (await readFile(options.reportFile, "utf8").catch(() => ""))
    .split("\n")
    .flatMap((line) => readLine(line, (problem) => (output += `\nthe test report has a line that is not JSON (${problem}): ${line.slice(0, 200)}`)));
  const results = files.map((file, index) => fileResult(file, names[index], lines, exit, options.index));
  output += blameProcessErrors(results, names, lines.filter((line) => line.kind === "error").map((line) => line.message), exit);
  return { files: results, ms: Math.round(performance.now() - started), output };
}

/**
 * Errors of the process that failed no test (a rejection after a test ended, a crash while closing) fail
 * the file they name, or every file of the process when they name none: never a file that did not cause
 * them alone. A process that exited with an error and no failure at all fails every file too.
 */
function blameProcessErrors(results: FileResult[], names: string[], errors: string[], exit: number | string): string {
  let told = "";
  for (const message of errors) {
    const named = results.filter((_, index) => message.includes(names[index]));
    for (const result of named.length ? named : results) result.passed = false;
    told += `\nprocess error, failing ${named.length ? named.map((result) => result.file.path).join(", ") : "every file of the process"}: ${message}`;
  }
  if (exit !== 0 && results.every((result) => result.passed)) {
    for (const result of results) result.passed = false;
    told += `\nthe process exited ${exit} with no failure of its own: every file of it fails`;
  }
  return told;
}

/** One line of the report; a line that is not JSON (a process killed mid-write, say) is told and dropped: its file then has no result and fails. */
function readLine(line: string, tell: (problem: string) => void): ReportLine[] {
  if (!line) return [];
  try {
    return [JSON.parse(line) as ReportLine];
  } catch (error) {
    tell((error as Error).message);
    return [];
  }
}

function fileResult(file: TestFile, name: string, lines: ReportLine[], exit: number | string, processIndex: number): FileResult {
  const own = lines.filter((line) => line.file === name);
  const summary = own.find((line) => line.kind === "file");
  const tests = own
    .filter((line) => line.kind === "test")
    .map(({ path: names, passed, skipped, todo, cancelled, ms }) => ({ path: names, passed, skipped: skipped || todo, cancelled, ms }));
  const count = (test: (line: ReportLine) => boolean) => own.filter((line) => line.kind === "test" && test(line)).length;
  const counts = {
    tests: tests.length,
    suites: own.filter((line) => line.kind === "suite").length,
    pass: count((line) => line.passed && !line.skipped && !line.todo),
    fail: count((line) => !line.passed && !line.cancelled && !line.todo),
    cancelled: count((line) => line.cancelled),
    skipped: count((line) => line.passed && line.skipped),
    todo: count((line) => line.passed && line.todo),
  };
  // A file of nothing but a suite skipped here (it needs PostgreSQL, say) passes; a file that ran nothing, or never ended, does not.
  const passed = Boolean(summary?.passed) && counts.fail === 0 && counts.cancelled === 0 && counts.tests + counts.suites > 0;
  const cpuMs = own.find((line) => line.kind === "cpu")?.cpuMs ?? 0;
  return { file, ms: summary?.ms ?? 0, cpuMs, process: processIndex, exit, counts, tests, passed };
}
