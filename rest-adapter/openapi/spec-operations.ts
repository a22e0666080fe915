import { readFileSync } from "node:fs";

/** What the design platform's specification says of one operation. */
export interface SpecOperation {
  summary: string;
  description: string;
}

/** By `<method> <path>` (`post /v1/asset-uploads`). */
export type SpecOperations = Record<string, SpecOperation>;

/** Written by `npm run docs` from `contract/design-platform.yml` (scripts/docs/spec-operations.ts). */
export const SPEC_OPERATIONS_FILE = new URL("./contract/design-operations.json", import.meta.url);

let read: SpecOperations | undefined;

/** The specification's summaries and descriptions, read once. */
export function specOperations(): SpecOperations {
  read ??= JSON.parse(readFileSync(SPEC_OPERATIONS_FILE, "utf8")) as SpecOperations;
  return read;
}
