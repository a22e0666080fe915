import { readFileSync } from "node:fs";

/**
 * Every test file says, in its first lines, which tier it belongs to and whether its behaviour depends
 * on a real PostgreSQL server or Redis (so CI's second pass runs it there):
 *
 *     // @tier contract
 *     // @depends postgres, redis
 *
 * - `unit`: a rule of one module or domain, against the database at most, without HTTP;
 * - `contract`: REST and GraphQL over real HTTP against an in-process platform of the domains it needs;
 * - `process`: whole platforms or tools as child processes, the build, the browser.
 *
 * Files of the `unit` and `contract` tiers share test processes, one file after another (each still boots
 * its own platform over its own database); a `process` file, or one that says why, runs alone:
 *
 *     // @own-process: measures this process's memory
 *
 * A file that reads its process's memory must run alone, and must say so.
 */
export const TIERS = ["unit", "contract", "process"] as const;
export type Tier = (typeof TIERS)[number];
/** `s3`: an S3-protocol server, which the tests start themselves (testing/s3.ts); they run in the PostgreSQL + Redis pass too. */
export const DEPENDENCIES = ["postgres", "redis", "s3"] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

export interface TestFile {
  path: string;
  tier: Tier;
  depends: Dependency[];
  /** Runs in a test process of its own rather than after other files in a shared one. */
  ownProcess: boolean;
}

const HEADER_LINES = 30;

export class TierDeclarationError extends Error {}

/** Code that reads its process's memory: an import of testing/memory.ts, or process.memoryUsage outside a string. */
const MEASURES_MEMORY = [/^import [^;]*testing\/memory\.js"/m, /^[^"'`]*process\.memoryUsage\b/m];

/** Reads a file's declaration; a missing or unknown tier or dependency is an error, never a silent default. */
export function readDeclaration(path: string, source = readFileSync(path, "utf8")): TestFile {
  const header = source.split("\n").slice(0, HEADER_LINES).join("\n");
  const tier = /^\/\/ @tier (\S+)\s*$/m.exec(header)?.[1];
  if (!tier) throw new TierDeclarationError(`${path}: no "// @tier ${TIERS.join("|")}" line in its first ${HEADER_LINES} lines`);
  if (!(TIERS as readonly string[]).includes(tier)) throw new TierDeclarationError(`${path}: unknown tier "${tier}" (${TIERS.join(", ")})`);
  const dependsLine = /^\/\/ @depends (.+)$/m.exec(header)?.[1] ?? "";
  const depends = dependsLine.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = depends.filter((name) => !(DEPENDENCIES as readonly string[]).includes(name));
  if (unknown.length) throw new TierDeclarationError(`${path}: unknown dependency ${unknown.join(", ")} (${DEPENDENCIES.join(", ")})`);
  const ownProcess = tier === "process" || /^\/\/ @own-process: \S/m.test(header);
  if (!ownProcess && MEASURES_MEMORY.some((pattern) => pattern.test(source))) {
    throw new TierDeclarationError(`${path}: measures its process's memory, so it runs alone: add "// @own-process: <why>"`);
  }
  return { path, tier: tier as Tier, depends: depends as Dependency[], ownProcess };
}
