import { startMemorySubgraph } from "../../testing/memory-federation.js";

/**
 * One subgraph of the in-memory benchmark federation as its own process:
 * `node --import ./lib/process/typescript.ts scripts/bench/memory-subgraph.ts <name> [memoize]`.
 */
const { url } = await startMemorySubgraph(process.argv[2], { memoize: process.argv[3] === "memoize" });
console.log(`listening ${url}`);
