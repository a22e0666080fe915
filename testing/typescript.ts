import { fileURLToPath } from "node:url";

/** The flags that make Node run the project's TypeScript sources (lib/process/typescript.ts), for the processes tests start. */
export const TYPESCRIPT_LOADER = ["--import", fileURLToPath(new URL("../lib/process/typescript.ts", import.meta.url))];
