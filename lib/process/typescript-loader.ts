import module from "node:module";
import { fileURLToPath } from "node:url";

/**
 * The flags that make Node run the project's TypeScript sources, for a process started from them (a
 * decoder child, the processes tests start): its own type stripping (lib/process/typescript.ts) where it
 * has it (Node 22.18 and later), tsx on an older Node.
 */
export const TYPESCRIPT_LOADER = [
  "--import",
  typeof module.registerHooks === "function" && process.features.typescript ? fileURLToPath(new URL("./typescript.ts", import.meta.url)) : import.meta.resolve("tsx"),
];
