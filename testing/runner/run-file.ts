import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestFile } from "./tiers.js";
import { TYPESCRIPT_LOADER } from "../typescript.js";

const REPORTER = fileURLToPath(new URL("./reporter.ts", import.meta.url));


/**
 * V8 of Node 24.21 was seen to abort once ("Check failed: jit_page_->allocations_.erase(addr)" in
 * ThreadIsolation::UnregisterWasmAllocation) while a test file freed its WebAssembly database; its
 * memory-protection-key bookkeeping of JIT pages is turned off for test processes (they inherit it).
 */
const RUNTIME_FLAGS = ["--no-memory-protection-keys"];

export interface FileResult {
  file: TestFile;
  ms: number;
  /** The process's exit code, or the signal that ended it. */
  exit: number | string;
  /** Everything the file printed (the spec reporter's lines among it). */
  output: string;
  counts: Record<string, number>;
  tests: { path: string[]; passed: boolean; skipped: boolean; ms: number }[];
  passed: boolean;
}

export interface RunOptions {
  root: string;
  /** Where this file's line report goes. */
  reportFile: string;
  timeoutMs: number;
  /** Appended to by every platform a test boots (see testing/platform.ts). */
  bootLog: string;
}

/** Runs one test file in a process of its own (`node --test`, no second process inside) and reads its report. */
export async function runFile(file: TestFile, options: RunOptions): Promise<FileResult> {
  const started = performance.now();
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
      file.path,
    ],
    {
      cwd: options.root,
      env: {
        ...process.env,
        // V8's code cache of every module loaded (the same few thousand in every file and in the processes tests start): about 15 % of each start.
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(options.root, "node_modules", ".cache", "node-compile-cache"),
        FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
        TEST_FILE: path.relative(options.root, file.path),
        TEST_BOOT_LOG: options.bootLog,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  // A file whose hooks never finish is ended past its own timeout and a margin for booting and closing.
  const limit = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs + 120_000);
  const exit = await new Promise<number | string>((resolve) => child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
  clearTimeout(limit);
  const ms = Math.round(performance.now() - started);
  const lines = (await readFile(options.reportFile, "utf8").catch(() => ""))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind: string; name: string; value: number; path: string[]; passed: boolean; skipped: boolean; ms: number });
  const counts = Object.fromEntries(lines.filter((line) => line.kind === "count").map((line) => [line.name, line.value]));
  const tests = lines.filter((line) => line.kind === "test").map(({ path: names, passed, skipped, ms: testMs }) => ({ path: names, passed, skipped, ms: testMs }));
  // A file of nothing but a suite skipped here (it needs PostgreSQL, say) passes; a file that ran nothing does not.
  const passed = exit === 0 && counts.fail === 0 && counts.cancelled === 0 && counts.tests + counts.suites > 0;
  return { file, ms, exit, output, counts, tests, passed };
}
