import { readCommandLine } from "../lib/process/command-line.js";
import { writeFile } from "node:fs/promises";
import { loadConfig } from "../lib/config.js";
import { subgraphUrls } from "../lib/modules/topology.js";
import { composeSupergraph } from "../gateway/compose.js";
import { MANIFESTS } from "../subgraphs/manifests.js";

readCommandLine(`Usage: npm run compose

Composes every domain's schema into one supergraph, gateway/supergraph.graphql, naming each subgraph at
the URL the settings give it (<NAME>_SUBGRAPH_URL). Fails, saying why, when the schemas do not compose.
(Deployment files: npm run deploy:compose-file.)`);

const target = new URL("../gateway/supergraph.graphql", import.meta.url);
try {
  const sdl = await composeSupergraph(MANIFESTS, subgraphUrls(loadConfig().settings, MANIFESTS));
  await writeFile(target, sdl);
  console.log(`supergraph written to gateway/supergraph.graphql`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
