import DataLoader from "dataloader";
import { byIdOrNull, groupByKey } from "./group-by-key.js";

/** A model's `findMany` (any Prisma delegate's: its argument types differ per model, the shape used here does not). */
type FindMany<Row> = (args: any) => Promise<Row[]>;

/** One row per id, batched into one `findMany({ where: { id: { in } } })` per request tick; unknown ids are null. */
export function idLoader<Id, Row extends { id: Id }>(findMany: FindMany<Row>): DataLoader<Id, Row | null> {
  return new DataLoader((ids) => findMany({ where: { id: { in: [...ids] } } }).then((rows) => byIdOrNull(rows, ids)));
}

/** The rows whose `column` is each key (in `orderBy`), batched into one `findMany`; keys without rows get []. */
export function groupLoader<Row, Key = number>(
  findMany: FindMany<Row>,
  column: keyof Row & string,
  options: { where?: Record<string, unknown>; orderBy?: unknown } = {},
): DataLoader<Key, Row[]> {
  return new DataLoader(async (keys) => {
    const rows = await findMany({ where: { ...options.where, [column]: { in: [...keys] } }, orderBy: options.orderBy });
    return groupByKey(rows, keys, (row) => row[column] as Key | null);
  });
}

/** One lookup per batch of keys, through a function answering a map of the keys it found; the others are null. */
export function mapLoader<Key, Value>(lookup: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>): DataLoader<Key, Value | null> {
  return new DataLoader(async (keys) => {
    const found = await lookup(keys);
    return keys.map((key) => found.get(key) ?? null);
  });
}
