/** Groups rows by key in the order of `keys` (what a DataLoader batch function returns); unknown keys get []. */
export function groupByKey<T, Key = number>(rows: T[], keys: readonly Key[], keyOf: (row: T) => Key | null): T[][] {
  const groups = new Map<Key, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) groups.get(key)?.push(row);
  }
  return keys.map((key) => groups.get(key)!);
}

/** Rows in the order of `ids` (what a DataLoader batch function returns); missing ids get null. */
export function byIdOrNull<Id, T extends { id: Id }>(rows: T[], ids: readonly Id[]): (T | null)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}
