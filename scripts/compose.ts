import { writeFile } from "node:fs/promises";
import { loadConfig } from "../lib/config.js";
import { composeSupergraph } from "../gateway/compose.js";
import { subgraphUrlsFromConfig } from "../gateway/subgraphs.js";

const target = new URL("../gateway/supergraph.graphql", import.meta.url);
try {
  const sdl = await composeSupergraph(subgraphUrlsFromConfig(loadConfig()));
  await writeFile(target, sdl);
  console.log(`supergraph written to gateway/supergraph.graphql`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
