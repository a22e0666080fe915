import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import { pathToFileURL } from "node:url";
import { CPU_DIAGNOSTIC } from "./reporter.js";

/**
 * What a test process runs (`node --test` of this module): the test files named in TEST_FILES, one after
 * another, each inside a suite named by its path, so its top-level hooks are its own (a file's `before`
 * boots its platform just before its tests, its `after` stops it just after). Loading the platform's
 * modules and warming the engine are paid once per process instead of once per file.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const files = JSON.parse(process.env.TEST_FILES ?? "[]") as string[];

/**
 * CPU time this process spent so far, with the processes it started and waited for (Linux counts those
 * in /proc/self/stat; elsewhere, this process alone): what a file costs the machine, beside how long it took.
 */
function cpuMs(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // utime, stime, cutime, cstime: fields 14–17 of stat(5), in clock ticks (100 a second on Linux).
    return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return Math.round((user + system) / 1000);
  }
}

for (const file of files) {
  // The next file is imported only once this one's tests are registered: each file's tests land in its own suite.
  await new Promise<void>((registered) => {
    describe(file, async () => {
      let cpuAtStart = 0;
      before(() => {
        process.env.TEST_FILE = file;
        cpuAtStart = cpuMs();
      });
      try {
        await import(pathToFileURL(path.join(ROOT, file)).href);
      } finally {
        registered();
      }
      // After the file's own `after` hooks (registered while it was imported): its teardown counts too.
      after((suite) => suite.diagnostic(`${CPU_DIAGNOSTIC} ${cpuMs() - cpuAtStart}`));
    });
  });
}
