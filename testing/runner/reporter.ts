import type { TestEvent } from "node:test/reporters";

/**
 * The test runner's machine-readable report of one file, one JSON object a line: every test that ended
 * (its name path, whether it passed, skipped, its duration) and the runner's own counts at the end.
 */
export default async function* lineReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const open: string[] = [];
  for await (const event of source) {
    if (event.type === "test:start") {
      open[event.data.nesting] = event.data.name;
    } else if (event.type === "test:pass" || event.type === "test:fail") {
      const { details, nesting, name } = event.data;
      const path = [...open.slice(0, nesting), name];
      yield `${JSON.stringify({
        kind: details.type === "suite" ? "suite" : "test",
        path,
        passed: event.type === "test:pass",
        skipped: Boolean(event.data.skip || event.data.todo),
        ms: Math.round(details.duration_ms),
      })}\n`;
    } else if (event.type === "test:diagnostic" && event.data.nesting === 0) {
      const count = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(event.data.message);
      if (count) yield `${JSON.stringify({ kind: "count", name: count[1], value: Number(count[2]) })}\n`;
    }
  }
}
