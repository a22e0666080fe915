/**
 * Text the database cannot store, whatever the column: PostgreSQL refuses NUL (U+0000) in `text` and
 * in `jsonb` ("invalid byte sequence for encoding UTF8: 0x00"), and Prisma's engine refuses an unpaired
 * UTF-16 surrogate before PostgreSQL sees it ("JSON Error: unexpected end of hex escape"). Each was a
 * 500 with a logged stack. Input holding either is bad input: the gateway refuses it on every operation
 * (`lib/graphql/storable-text.ts`), and whatever reads text some other way (JSON inside a string, a
 * decoded cursor, a file's text) asks here before it writes or queries with it.
 */
export type UnstorableText = "nul" | "unpaired_surrogate";

/** What a field holding such text must be, as an input error ends (`title must be free of NUL characters (U+0000)`). */
export const STORABLE_TEXT_RULE: Record<UnstorableText, string> = {
  nul: "must be free of NUL characters (U+0000)",
  unpaired_surrogate: "must be well-formed Unicode (no unpaired surrogate)",
};

// `String.prototype.isWellFormed` (ES2024, Node 20+): not yet in the TypeScript library this project targets.
type WellFormed = { isWellFormed(): boolean };

/** Why `text` cannot be stored, or `undefined`: two native scans, no allocation. */
export function unstorableText(text: string): UnstorableText | undefined {
  if (text.includes("\0")) return "nul";
  return (text as unknown as WellFormed).isWellFormed() ? undefined : "unpaired_surrogate";
}

/** Where in a value such text is: the path to the string, or to the object one of whose member names holds it. */
export interface UnstorableAt {
  path: (string | number)[];
  problem: UnstorableText;
}

interface Container {
  value: object;
  parent: Container | undefined;
  key: string | number;
}

function pathTo(container: Container, key: string | number | undefined, problem: UnstorableText): UnstorableAt {
  const path: (string | number)[] = key === undefined ? [] : [key];
  for (let at: Container | undefined = container; at.parent; at = at.parent) path.unshift(at.key);
  return { path, problem };
}

/** A member of `container`: its text checked, or itself queued when it holds more. */
function member(value: unknown, container: Container, key: string | number, pending: Container[]): UnstorableAt | undefined {
  if (typeof value === "string") {
    const problem = unstorableText(value);
    return problem && pathTo(container, key, problem);
  }
  if (typeof value === "object" && value !== null) pending.push({ value, parent: container, key });
  return undefined;
}

/**
 * A string of a JSON value (strings, lists, objects and their member names) that cannot be stored, the
 * first one the walk meets, or `undefined`. Walked without recursion: a request body may nest deeper
 * than the stack.
 */
export function findUnstorableText(value: unknown): UnstorableAt | undefined {
  if (typeof value === "string") {
    const problem = unstorableText(value);
    return problem && { path: [], problem };
  }
  if (typeof value !== "object" || value === null) return undefined;
  const pending: Container[] = [{ value, parent: undefined, key: "" }];
  for (let container = pending.pop(); container; container = pending.pop()) {
    let found: UnstorableAt | undefined;
    if (Array.isArray(container.value)) {
      const items: unknown[] = container.value;
      for (let index = 0; index < items.length && !found; index++) found = member(items[index], container, index, pending);
    } else {
      const members = container.value as Record<string, unknown>;
      for (const name in members) {
        const problem = unstorableText(name);
        found = problem ? pathTo(container, undefined, problem) : member(members[name], container, name, pending);
        if (found) break;
      }
    }
    if (found) return found;
  }
  return undefined;
}
