import { writeFile } from "node:fs/promises";
import { loadConfig } from "../lib/config.js";
import { subgraphUrls } from "../lib/modules/topology.js";
import { composeSupergraph } from "../gateway/compose.js";
import { DOMAINS } from "../subgraphs/registry.js";

const target = new URL("../gateway/supergraph.graphql", import.meta.url);
try {
  const sdl = await composeSupergraph(DOMAINS, subgraphUrls(loadConfig().settings, DOMAINS));
  await writeFile(target, sdl);
  console.log(`supergraph written to gateway/supergraph.graphql`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
