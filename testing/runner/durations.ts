import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileResult } from "./run-process.js";
import type { TestFile } from "./tiers.js";

type Table = Record<string, number>;

const GUESS: Record<TestFile["tier"], number> = { process: 60_000, contract: 10_000, unit: 1_000 };

const readTable = (file: string): Promise<Table> => readFile(file, "utf8").then((text) => JSON.parse(text) as Table, () => ({}));

/**
 * How long each file took when it last ran on this machine (node_modules/.cache, one table per set of
 * services: PGlite, or PostgreSQL + Redis), else in the run recorded in the repository
 * (testing/runner/durations.json, what a fresh clone and CI order by), else a guess from its tier.
 * The runner starts the slowest first and sizes shared processes by them.
 */
export class Durations {
  static readonly RECORDED = "testing/runner/durations.json";

  private readonly root: string;
  private readonly localFile: string;
  private local: Table = {};
  private recorded: Table = {};

  private constructor(root: string, services: string[]) {
    this.root = root;
    this.localFile = path.join(root, "node_modules", ".cache", `test-durations-${services.join("+") || "pglite"}.json`);
  }

  static async load(root: string, services: string[]): Promise<Durations> {
    const durations = new Durations(root, services);
    durations.local = await readTable(durations.localFile);
    durations.recorded = await readTable(path.join(root, Durations.RECORDED));
    return durations;
  }

  estimate(file: TestFile): number {
    const name = path.relative(this.root, file.path);
    return this.local[name] ?? this.recorded[name] ?? GUESS[file.tier];
  }

  /** Keeps this run's durations for the next run here; `record` also writes them to the repository's table. */
  async save(results: FileResult[], { record }: { record: boolean }): Promise<void> {
    // A file that never ended has no duration worth keeping.
    const measured = Object.fromEntries(results.filter((result) => result.ms > 0).map((result) => [path.relative(this.root, result.file.path), result.ms]));
    await mkdir(path.dirname(this.localFile), { recursive: true });
    await writeFile(this.localFile, JSON.stringify({ ...this.local, ...measured }));
    if (record) {
      const kept = Object.entries({ ...this.recorded, ...measured }).filter(([name]) => existsSync(path.join(this.root, name)));
      const sorted = Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b)));
      await writeFile(path.join(this.root, Durations.RECORDED), `${JSON.stringify(sorted, null, 2)}\n`);
    }
  }
}
