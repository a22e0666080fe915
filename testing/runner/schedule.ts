import type { TestFile } from "./tiers.js";

/** The longest a shared process is planned to run, and the least worth starting a process for. */
const MOST_MS = 60_000;
const LEAST_MS = 10_000;

/**
 * Which files run in which test process, handed out as processes free up: the slowest first, so the
 * longest file never starts last; a file that runs alone gets a process of its own; the others share
 * one, after each other, up to a share of what is left to run (large while much is left, a file or two
 * near the end, so that no process finishes long after the others).
 */
export class Schedule {
  private readonly queue: TestFile[];
  private readonly estimate: (file: TestFile) => number;
  private readonly concurrency: number;
  private readonly allAlone: boolean;

  constructor(files: TestFile[], options: { estimate: (file: TestFile) => number; concurrency: number; allAlone?: boolean }) {
    this.estimate = options.estimate;
    this.queue = [...files].sort((a, b) => this.estimate(b) - this.estimate(a));
    this.concurrency = options.concurrency;
    this.allAlone = options.allAlone ?? false;
  }

  /** The files of the next process, or none when every file has been handed out. */
  next(): TestFile[] {
    const first = this.queue.shift();
    if (!first) return [];
    if (first.ownProcess || this.allAlone) return [first];
    const left = this.queue.reduce((sum, file) => sum + this.estimate(file), this.estimate(first));
    const budget = Math.min(MOST_MS, Math.max(LEAST_MS, left / (this.concurrency * 2)));
    const files = [first];
    let planned = this.estimate(first);
    for (let index = 0; index < this.queue.length && planned < budget; ) {
      const file = this.queue[index];
      if (file.ownProcess) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      files.push(file);
      planned += this.estimate(file);
    }
    return files;
  }
}
