import { byIdOrNull } from "./group-by-key.js";

interface Waiting<Id, Row> {
  ids: readonly Id[];
  resolve: (rows: (Row | null)[]) => void;
  reject: (error: unknown) => void;
}

/** Ids one statement reads at most (a burst larger than this is read in several). */
const MOST_IDS_PER_READ = 500;

/**
 * Reads of rows by id from concurrent requests, merged: every read asked for while the event loop
 * turns becomes one `findMany({ where: { id: { in } } })`. What one request's DataLoader batches,
 * this batches across requests — a burst of job events re-read by a thousand subscriptions costs a
 * few statements instead of a thousand. Nothing is kept after the read: no row outlives its request.
 */
export class CoalescedIdReads<Id, Row extends { id: Id }> {
  private waiting: Waiting<Id, Row>[] = [];
  /** Statements run and reads they answered, for tests and the benchmark. */
  readonly counts = { statements: 0, reads: 0 };

  constructor(private readonly findMany: (args: { where: { id: { in: Id[] } } }) => Promise<Row[]>) {}

  read = (ids: readonly Id[]): Promise<(Row | null)[]> =>
    new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ ids, resolve, reject });
    });

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.counts.reads += batch.length;
    const wanted = [...new Set(batch.flatMap((waiting) => waiting.ids))];
    try {
      const rows: Row[] = [];
      for (let start = 0; start < wanted.length; start += MOST_IDS_PER_READ) {
        this.counts.statements++;
        rows.push(...(await this.findMany({ where: { id: { in: wanted.slice(start, start + MOST_IDS_PER_READ) } } })));
      }
      // Each request gets row objects of its own: setting a field in one request's resolvers changes nothing another sees.
      for (const waiting of batch) waiting.resolve(byIdOrNull(rows, waiting.ids).map((row) => (row ? { ...row } : null)));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
