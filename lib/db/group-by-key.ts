/** Groups rows by key in the order of `keys` (what a DataLoader batch function returns); unknown keys get []. */
export function groupByKey<T>(rows: T[], keys: readonly number[], keyOf: (row: T) => number | null): T[][] {
  const groups = new Map<number, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) groups.get(key)?.push(row);
  }
  return keys.map((key) => groups.get(key)!);
}
