import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { startDomain } from "../lib/modules/serve-domain.js";
import { subgraphEndpoint } from "../lib/modules/topology.js";
import { createDataRuntime } from "../lib/runtime.js";
import { DOMAIN_NAMES, loadDomains } from "../subgraphs/catalog.js";

const USAGE = `Usage: npm run start:subgraph -- <${DOMAIN_NAMES.join(" | ")}>

One domain's subgraph as its own process, on <NAME>_SUBGRAPH_PORT (scale-out: a gateway finds it at
<NAME>_SUBGRAPH_URL). Settings come from the environment (docs/configuration.md).`;
const { positionals } = readCommandLine(USAGE, { allowPositionals: true });
const name = positionals[0];
if (positionals.length !== 1 || !DOMAIN_NAMES.includes(name)) {
  console.error(`${name ? `no domain is named "${positionals.join(" ")}"` : "which domain?"}\n\n${USAGE}`);
  process.exit(2);
}
const [domain] = await loadDomains([name]);
// Only the domain serving the platform's files needs the others (each one's upload receiver); the rest load their own code alone.
const domains = domain.servesFiles ? await loadDomains() : [domain];
await boot(domain.name, async (config) => {
  const runtime = await createDataRuntime(config, domain.name);
  const server = await startDomain(domain, runtime, subgraphEndpoint(config.settings, domain).port, domains);
  announceReady(runtime.log, config.logFormat, `subgraph ${domain.name} ready — ${runtime.db.kind} database`, [
    ["subgraph", `${reachableBase(config.subgraphHost, server.port)}/graphql`],
  ]);
  return stopAll(server, runtime);
});
