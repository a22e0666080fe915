import { isRefusedInput } from "./errors.js";

interface Waiting<Key, Row> {
  keys: readonly Key[];
  resolve: (groups: Row[][]) => void;
  reject: (error: unknown) => void;
}

/** Keys one statement reads at most (a burst larger than this is read in several). */
const MOST_KEYS_PER_READ = 500;

/**
 * Reads of rows by the value of one column from concurrent requests, merged: every read asked for
 * while the event loop turns becomes one statement for all their keys (`readKeys`, a
 * `findMany({ where: { column: { in } } })`). What one request's DataLoader batches, this batches
 * across requests — a statement's fixed cost (planning, the round trip) is paid once for all of them,
 * and a burst of job events re-read by a thousand subscriptions costs a few statements instead of a
 * thousand. One statement of a reader runs at a time: reads asked meanwhile wait and share the next one
 * (never the one running, which began before they were asked), so the busier the database, the fewer
 * and larger the statements. Nothing is kept after the read: no row outlives its request. When the merged statement
 * fails on a key refused as input, each request's keys are read on their own, so that key fails only its
 * request. Rows are copied shallowly: their Date, Decimal and Json values are shared and must not be changed.
 */
export class CoalescedReads<Key, Row extends object> {
  private waiting: Waiting<Key, Row>[] = [];
  private reading = false;
  /** Statements run and reads they answered, for tests and the benchmark. */
  readonly counts = { statements: 0, reads: 0 };

  private readonly readKeys: (keys: Key[]) => Promise<Row[]>;
  private readonly keyOf: (row: Row) => Key | null;

  constructor(
    readKeys: (keys: Key[]) => Promise<Row[]>,
    keyOf: (row: Row) => Key | null,
  ) {
    this.readKeys = readKeys;
    this.keyOf = keyOf;
  }

  /** The rows of each key, in the order the statement returns them (its `orderBy`); a key without rows gets []. */
  read = (keys: readonly Key[]): Promise<Row[][]> =>
    new Promise((resolve, reject) => {
      if (this.waiting.length === 0 && !this.reading) setImmediate(() => void this.flush());
      this.waiting.push({ keys, resolve, reject });
    });

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.reading = true;
    try {
      await this.readBatch(batch);
    } finally {
      this.reading = false;
      if (this.waiting.length > 0) setImmediate(() => void this.flush());
    }
  }

  private async readBatch(batch: Waiting<Key, Row>[]): Promise<void> {
    this.counts.reads += batch.length;
    try {
      this.answer(batch, await this.rowsByKey(batch));
    } catch (error) {
      // A key refused as input must not fail the requests merged with it: each is then read on its own. Any other
      // failure (the database away or overloaded, a timeout) fails them all at once, without a statement each.
      if (batch.length === 1 || !isRefusedInput(error)) return batch.forEach((waiting) => waiting.reject(error));
      await Promise.all(batch.map((waiting) => this.rowsByKey([waiting]).then((rows) => this.answer([waiting], rows), waiting.reject)));
    }
  }

  private async rowsByKey(batch: Waiting<Key, Row>[]): Promise<Map<Key, Row[]>> {
    const wanted = [...new Set(batch.flatMap((waiting) => waiting.keys))];
    const rowsByKey = new Map<Key, Row[]>();
    for (let start = 0; start < wanted.length; start += MOST_KEYS_PER_READ) {
      this.counts.statements++;
      for (const row of await this.readKeys(wanted.slice(start, start + MOST_KEYS_PER_READ))) {
        const key = this.keyOf(row);
        if (key === null) continue;
        const rows = rowsByKey.get(key);
        if (rows) rows.push(row);
        else rowsByKey.set(key, [row]);
      }
    }
    return rowsByKey;
  }

  /** Each request gets row objects of its own: setting a field in one request's resolvers changes nothing another sees. */
  private answer(batch: Waiting<Key, Row>[], rowsByKey: Map<Key, Row[]>): void {
    for (const waiting of batch) waiting.resolve(waiting.keys.map((key) => (rowsByKey.get(key) ?? []).map((row) => ({ ...row }))));
  }
}

/** `CoalescedReads` by id: one row per id, null for an id not found. */
export class CoalescedIdReads<Id, Row extends { id: Id }> {
  private readonly reads: CoalescedReads<Id, Row>;

  constructor(findMany: (args: { where: { id: { in: Id[] } } }) => Promise<Row[]>) {
    this.reads = new CoalescedReads((ids) => findMany({ where: { id: { in: ids } } }), (row) => row.id);
  }

  get counts(): { readonly statements: number; readonly reads: number } {
    return this.reads.counts;
  }

  read = (ids: readonly Id[]): Promise<(Row | null)[]> => this.reads.read(ids).then((groups) => groups.map((rows) => rows[0] ?? null));
}
