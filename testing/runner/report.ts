import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileResult } from "./run-process.js";

export interface Boot {
  file: string;
  ms: number;
}

const SLOWEST = 15;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function readBoots(bootLog: string): Promise<Boot[]> {
  const text = await readFile(bootLog, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Boot);
}

/** `file > suite > test`, one a line, sorted: what a run proved, comparable between two runs with `diff`. */
export function testNames(results: FileResult[], root: string): string {
  return results
    .flatMap((result) => result.tests.map((test) => [path.relative(root, result.file.path), ...test.path].join(" > ")))
    .sort()
    .join("\n");
}

/** Writes `timings.json` and `tests.txt` to the report folder and prints the slowest files and the totals. */
export async function report(
  results: FileResult[],
  boots: Boot[],
  { root, dir, wallMs, concurrency, processes }: { root: string; dir: string; wallMs: number; concurrency: number; processes: number },
) {
  const total = (name: keyof FileResult["counts"]) => results.reduce((sum, result) => sum + result.counts[name], 0);
  const files = results.map((result) => {
    const file = path.relative(root, result.file.path);
    const own = boots.filter((boot) => boot.file === file).map((boot) => boot.ms);
    return { file, tier: result.file.tier, depends: result.file.depends, process: result.process, ms: result.ms, cpuMs: result.cpuMs, tests: result.counts.tests, passed: result.passed, boots: own };
  });
  const bootTimes = boots.map((boot) => boot.ms);
  const summary = {
    wallMs,
    concurrency,
    processes,
    files: files.length,
    tests: total("tests"),
    pass: total("pass"),
    fail: total("fail"),
    cancelled: total("cancelled"),
    skipped: total("skipped"),
    cpuMs: results.reduce((sum, result) => sum + result.cpuMs, 0),
    boots: { count: bootTimes.length, medianMs: Math.round(median(bootTimes)), maxMs: Math.max(0, ...bootTimes) },
  };
  await writeFile(path.join(dir, "timings.json"), `${JSON.stringify({ summary, files: [...files].sort((a, b) => b.ms - a.ms) }, null, 2)}\n`);
  await writeFile(path.join(dir, "tests.txt"), `${testNames(results, root)}\n`);

  console.log(`\nslowest ${Math.min(SLOWEST, files.length)} of ${files.length} files:`);
  for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    const bootNote = file.boots.length ? `  ${file.boots.length} boot(s), median ${seconds(median(file.boots))}` : "";
    console.log(`  ${seconds(file.ms).padStart(8)}  ${seconds(file.cpuMs).padStart(8)} CPU  ${file.tier.padEnd(8)} ${file.file}${bootNote}`);
  }
  console.log(
    `\n${summary.tests} tests in ${summary.files} files: ${summary.pass} passed, ${summary.fail} failed, ${summary.cancelled} cancelled, ${summary.skipped} skipped` +
      ` · ${summary.boots.count} platform boots, median ${seconds(summary.boots.medianMs)}` +
      ` · ${seconds(wallMs)} in ${processes} test processes, ${concurrency} at once, ${seconds(summary.cpuMs)} of CPU · report in ${path.relative(root, dir)}/`,
  );
  return summary;
}
