import type { TestEvent } from "node:test/reporters";

/** The diagnostic by which a file's CPU time reaches the report (testing/runner/files-in-process.ts sends it). */
export const CPU_DIAGNOSTIC = "cpu-ms";

/** The runner's own closing counts, diagnostics like the errors but not errors. */
const RUNNER_COUNT = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$/;

/**
 * The test runner's machine-readable report of one test process, one JSON object a line. The process
 * runs each of its files in a suite named by the file's path (testing/runner/files-in-process.ts): every
 * test that ended (its name path below the file, how it ended, its duration), then each file's own lines
 * (how it ended and its duration; the CPU time spent while it ran).
 */
export default async function* lineReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const open: string[] = [];
  let lastFile = "";
  for await (const event of source) {
    if (event.type === "test:start") {
      open[event.data.nesting] = event.data.name;
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const { details, nesting, name } = event.data;
      const passed = event.type === "test:pass";
      const ms = Math.round(details.duration_ms);
      if (nesting === 0) {
        lastFile = name;
        yield `${JSON.stringify({ kind: "file", file: name, passed, ms })}\n`;
        continue;
      }
      const error = (details as { error?: { failureType?: string } }).error;
      yield `${JSON.stringify({
        kind: details.type === "suite" ? "suite" : "test",
        file: open[0],
        path: [...open.slice(1, nesting), name],
        passed,
        skipped: Boolean(event.data.skip),
        todo: Boolean(event.data.todo),
        cancelled: !passed && error?.failureType === "cancelledByParent",
        ms,
      })}\n`;
    } else if (event.type === "test:diagnostic" && event.data.message.startsWith(`${CPU_DIAGNOSTIC} `)) {
      // A suite's diagnostics are reported after it ended.
      yield `${JSON.stringify({ kind: "cpu", file: lastFile, cpuMs: Number(event.data.message.slice(CPU_DIAGNOSTIC.length + 1)) })}\n`;
    } else if (event.type === "test:diagnostic" && event.data.nesting === 0 && !RUNNER_COUNT.test(event.data.message)) {
      // The process's own errors: a rejection or an exception after a test ended, which no test is failed for.
      yield `${JSON.stringify({ kind: "error", message: event.data.message })}\n`;
    }
  }
}
