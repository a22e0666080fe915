// @tier unit
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { runProcess } from "../run-process.js";
import { Schedule } from "../schedule.js";
import { readDeclaration, TierDeclarationError, type TestFile } from "../tiers.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const fixture = (name: string): TestFile => ({ path: path.join(import.meta.dirname, "fixtures", `${name}.fixture.ts`), tier: "unit", depends: [], ownProcess: false });
const relative = (name: string) => path.relative(ROOT, fixture(name).path);

/** Runs the fixture files in one test process, as the runner does: their results and the steps they logged. */
async function runFixtures(...names: string[]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "runner-test-"));
  process.env.FIXTURE_LOG = path.join(dir, "steps");
  try {
    const run = await runProcess(names.map(fixture), { root: ROOT, reportFile: path.join(dir, "report.jsonl"), timeoutMs: 30_000, bootLog: path.join(dir, "boots.jsonl"), index: 0 });
    const steps = (await readFile(process.env.FIXTURE_LOG, "utf8").catch(() => "")).split("\n").filter(Boolean);
    return { files: run.files, steps, output: run.output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("files sharing a test process", () => {
  test("run one after another, each with its own hooks, and each is reported on its own", async () => {
    const { files, steps } = await runFixtures("first", "second");
    assert.deepEqual(steps, [
      `first before (TEST_FILE=${relative("first")})`,
      "first test",
      "first after",
      `second before (TEST_FILE=${relative("second")})`,
      "second test",
      "second after",
    ]);
    const [first, second] = files;
    assert.equal(first.passed, false, "a failing test fails its own file");
    assert.deepEqual(first.counts, { tests: 2, suites: 1, pass: 1, fail: 1, cancelled: 0, skipped: 0, todo: 0 });
    assert.deepEqual(
      first.tests.map((result) => [result.path, result.passed]),
      [
        [["a suite", "passes"], true],
        [["a suite", "fails"], false],
      ],
    );
    assert.equal(second.passed, true, "and no other");
    assert.deepEqual(second.counts, { tests: 2, suites: 0, pass: 1, fail: 0, cancelled: 0, skipped: 1, todo: 0 });
    assert.ok(second.ms >= 0 && second.cpuMs >= 0);
  });

  test("a file that cannot load fails; the files after it still run", async () => {
    const { files, steps, output } = await runFixtures("broken", "second");
    assert.deepEqual(
      files.map((result) => result.passed),
      [false, true],
    );
    assert.match(output, /this file cannot load/);
    assert.ok(steps.includes("second test"));
  });

  test("a failure after a test ended fails the file that caused it, not the files around it", async () => {
    const { files, output } = await runFixtures("leaks", "slow", "second");
    assert.deepEqual(
      files.map((result) => result.passed),
      [false, true, true],
      output,
    );
    assert.match(output, /failed after its test ended/);
  });

  test("a file that ends its process fails, and so does every file that never got to run", async () => {
    const { files, steps } = await runFixtures("exits", "second");
    assert.deepEqual(
      files.map((result) => [result.passed, result.exit]),
      [
        [false, 7],
        [false, 7],
      ],
    );
    assert.ok(!steps.includes("second test"));
  });
});

describe("the schedule", () => {
  const file = (name: string, tier: TestFile["tier"], ownProcess = tier === "process"): TestFile => ({ path: name, tier, depends: [], ownProcess });
  const seconds: Record<string, number> = { build: 50, browser: 40, memory: 30, slow: 25, a: 8, b: 6, c: 5, d: 4, e: 3, f: 2, g: 1 };
  const files = [
    file("a", "contract"),
    file("build", "process"),
    file("g", "unit"),
    file("memory", "contract", true),
    file("b", "contract"),
    file("slow", "contract"),
    file("browser", "process"),
    file("c", "unit"),
    file("d", "contract"),
    file("e", "contract"),
    file("f", "unit"),
  ];
  const processes = (schedule: Schedule) => {
    const handed: string[][] = [];
    for (let next = schedule.next(); next.length; next = schedule.next()) handed.push(next.map((one) => one.path));
    return handed;
  };

  test("hands out the slowest first; files that run alone get a process each; the others share up to a share of what is left", () => {
    const schedule = new Schedule(files, { estimate: (one) => seconds[one.path] * 1000, concurrency: 2 });
    assert.deepEqual(processes(schedule), [["build"], ["browser"], ["memory"], ["slow"], ["a", "b"], ["c", "d", "e"], ["f", "g"]]);
  });

  test("every file alone when asked; every file handed out once", () => {
    const schedule = new Schedule(files, { estimate: (one) => seconds[one.path] * 1000, concurrency: 2, allAlone: true });
    const handed = processes(schedule);
    assert.ok(handed.every((one) => one.length === 1));
    assert.deepEqual(handed.flat().sort(), files.map((one) => one.path).sort());
  });
});

describe("a test file's declaration", () => {
  test("its tier is required and known; process files and those that say why run alone", () => {
    assert.throws(() => readDeclaration("x.test.ts", "import x;\n"), TierDeclarationError);
    assert.throws(() => readDeclaration("x.test.ts", "// @tier integration\n"), /unknown tier/);
    assert.throws(() => readDeclaration("x.test.ts", "// @tier unit\n// @depends mysql\n"), /unknown dependency/);
    assert.equal(readDeclaration("x.test.ts", "// @tier contract\n").ownProcess, false);
    assert.equal(readDeclaration("x.test.ts", "// @tier process\n").ownProcess, true);
    assert.equal(readDeclaration("x.test.ts", "// @tier contract\n// @own-process: it counts every metric\n").ownProcess, true);
    assert.deepEqual(readDeclaration("x.test.ts", "// @tier contract\n// @depends postgres, redis\n").depends, ["postgres", "redis"]);
  });

  test("a file that measures its process's memory must run alone, and say so", () => {
    for (const body of [`import { peakGrowth } from "../../testing/memory.js";`, `const before = process.memoryUsage().rss;`, `const held = total / process.memoryUsage.rss();`]) {
      assert.throws(() => readDeclaration("x.test.ts", `// @tier contract\n${body}\n`), /measures its process's memory/);
      assert.equal(readDeclaration("x.test.ts", `// @tier contract\n// @own-process: measures memory\n${body}\n`).ownProcess, true);
    }
  });
});
