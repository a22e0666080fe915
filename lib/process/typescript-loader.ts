import { fileURLToPath } from "node:url";

/**
 * The flags that make Node run the project's TypeScript sources, for a process started from them (a
 * decoder child, the processes tests and benchmarks start): Node's own type stripping, with the resolve
 * hook of lib/process/typescript.ts (the project runs on Node 24, package.json `engines`).
 */
export const TYPESCRIPT_LOADER = ["--import", fileURLToPath(new URL("./typescript.ts", import.meta.url))];
