import DataLoader from "dataloader";
import { CoalescedIdReads, CoalescedReads } from "./coalesced-reads.js";
import { byIdOrNull } from "./group-by-key.js";
import type { ColumnSelection } from "../graphql/selected-columns.js";

/** A model's `findMany` (any Prisma delegate's: its argument types differ per model, the shape used here does not). */
type FindMany<Row> = (args: any) => Promise<Row[]>;

/** One row per id, batched into one `findMany({ where: { id: { in } } })` per request tick; unknown ids are null. */
export function idLoader<Id, Row extends { id: Id }>(findMany: FindMany<Row>): DataLoader<Id, Row | null> {
  return new DataLoader((ids) => findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids)));
}

/** A model's Prisma delegate (`db.user`, `tx.job`): the same object each time it is asked for on one client. */
interface ModelDelegate<Row> {
  findMany(args: any): PromiseLike<Row[]>;
}

const sharedReads = new WeakMap<object, CoalescedIdReads<unknown, { id: unknown }>>();

/**
 * The reads by id of a model, merged across every request of the process: keyed by its delegate, so
 * reads merge only on the same client (never across a transaction) and always run its plain `findMany`.
 */
export function sharedReadsOf<Id, Row extends { id: Id }>(model: ModelDelegate<Row>): CoalescedIdReads<Id, Row> {
  let reads = sharedReads.get(model);
  if (!reads) sharedReads.set(model, (reads = new CoalescedIdReads<Id, Row>((args) => Promise.resolve(model.findMany(args))) as unknown as CoalescedIdReads<unknown, { id: unknown }>));
  return reads as unknown as CoalescedIdReads<Id, Row>;
}

/**
 * One row per id like `idLoader`, and its batches merged with other requests' reads of the same model
 * on the same database while the event loop turns (federated entity fetches of one query, running side
 * by side, and concurrent requests cost one statement).
 */
export function sharedIdLoader<Id, Row extends { id: Id }>(model: ModelDelegate<Row>): DataLoader<Id, Row | null> {
  return new DataLoader(sharedReadsOf<Id, Row>(model).read);
}

/** Merged reads of one model's rows by a column, per read signature (column, filter, order, columns); at most this many signatures are kept per model. */
const MOST_GROUP_SIGNATURES = 256;
const sharedGroupReads = new WeakMap<object, Map<string, CoalescedReads<unknown, object>>>();

function sharedGroupReadsOf<Row extends object, Key>(model: ModelDelegate<Row>, signature: string, make: () => CoalescedReads<Key, Row>): CoalescedReads<Key, Row> {
  let bySignature = sharedGroupReads.get(model);
  if (!bySignature) sharedGroupReads.set(model, (bySignature = new Map()));
  let reads = bySignature.get(signature) as CoalescedReads<Key, Row> | undefined;
  if (!reads) {
    // A read waiting on a forgotten entry still runs: the entry only lets later reads join it.
    if (bySignature.size >= MOST_GROUP_SIGNATURES) bySignature.clear();
    bySignature.set(signature, (reads = make()) as unknown as CoalescedReads<unknown, object>);
  }
  return reads;
}

/**
 * A read's options as JSON, to know the reads that are the same. Only plain values: a Date, a Decimal or
 * one of Prisma's null markers would be written out like another value, and merge reads that differ.
 */
function signatureOf(options: unknown[]): string {
  return JSON.stringify(options, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    if (original !== null && typeof original === "object" && !Array.isArray(original) && ![Object.prototype, null].includes(Object.getPrototypeOf(original))) {
      throw new TypeError(`groupLoader: "${key}" is not a plain value; a shared read's filter and order can only hold plain values`);
    }
    return value;
  });
}

type ColumnReadOptions = { where?: Record<string, unknown>; orderBy?: unknown; select?: Record<string, true> };

/** The process's merged reads of `model`'s rows by `column`, one per read signature (filter, order, columns). */
function columnReadsOf<Row extends object, Key>(model: ModelDelegate<Row>, column: keyof Row & string, options: ColumnReadOptions = {}): CoalescedReads<Key, Row> {
  const select = options.select && { ...options.select, [column]: true };
  const signature = signatureOf([column, options.where, options.orderBy, select]);
  return sharedGroupReadsOf<Row, Key>(model, signature, () =>
    new CoalescedReads<Key, Row>(
      (keys) => Promise.resolve(model.findMany({ where: { ...options.where, [column]: { in: keys } }, orderBy: options.orderBy, ...(select && { select }) })),
      (row) => row[column] as Key | null,
    ),
  );
}

/**
 * The rows whose `column` is each key (in `orderBy`), batched into one `findMany`; keys without rows get [].
 * With `select`, only those columns are read (and `column`, to group by). Like `sharedIdLoader`, the
 * batches of concurrent requests making the same read of the same model (same filter, order and
 * columns) on the same client are merged into one statement while the event loop turns.
 */
export function groupLoader<Row extends object, Key = number>(model: ModelDelegate<Row>, column: keyof Row & string, options: ColumnReadOptions = {}): DataLoader<Key, Row[]> {
  return new DataLoader(columnReadsOf<Row, Key>(model, column, options).read);
}

/**
 * The row whose unique `column` is `key`, or null: like `findUnique`, but merged with the process's
 * concurrent reads of the same model by that column (a burst of token checks costs a statement per
 * table, not one per token).
 */
export async function readUniqueShared<Row extends object, Key>(model: ModelDelegate<Row>, column: keyof Row & string, key: Key): Promise<Row | null> {
  const [rows] = await columnReadsOf<Row, Key>(model, column).read([key]);
  return rows[0] ?? null;
}

/** Sets of columns one request reads narrowly per lookup; past them, whole rows (aliases asking different columns cannot multiply the statements). */
const MOST_COLUMN_SETS = 4;

/**
 * Loaders of one lookup, one per set of columns read: the places of one request that ask for the same
 * columns share a loader (and its batches); every column when no selection is given, or when the request
 * already reads `MOST_COLUMN_SETS` other sets.
 */
export function loadersByColumns<Loader>(make: (select: Record<string, true> | undefined) => Loader): (columns?: ColumnSelection) => Loader {
  const made = new Map<string, Loader>();
  return (columns) => {
    const narrow = columns && (made.has(columns.key) || made.size < MOST_COLUMN_SETS);
    const key = narrow ? columns.key : "*";
    let loader = made.get(key);
    if (!loader) made.set(key, (loader = make(narrow ? columns.select : undefined)));
    return loader;
  };
}

/** One lookup per batch of keys, through a function answering a map of the keys it found; the others are null. */
export function mapLoader<Key, Value>(lookup: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>): DataLoader<Key, Value | null> {
  return new DataLoader(async (keys) => {
    const found = await lookup(keys);
    return keys.map((key) => found.get(key) ?? null);
  });
}
