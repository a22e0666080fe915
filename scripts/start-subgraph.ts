import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { startDomain } from "../lib/modules/serve-domain.js";
import { subgraphEndpoint } from "../lib/modules/topology.js";
import { createDataRuntime } from "../lib/runtime.js";
import { DOMAINS, domainNamed } from "../subgraphs/registry.js";

/** `npm run start:subgraph -- <name>`: one domain's subgraph as its own process, on `<NAME>_SUBGRAPH_PORT`. */
const name = process.argv[2];
if (!name || !DOMAINS.some((domain) => domain.name === name)) {
  console.error(`usage: npm run start:subgraph -- <${DOMAINS.map((domain) => domain.name).join(" | ")}>`);
  process.exit(2);
}
const domain = domainNamed(name);
await boot(domain.name, async (config) => {
  const runtime = await createDataRuntime(config, domain.name);
  const server = await startDomain(domain, runtime, subgraphEndpoint(config.settings, domain).port, DOMAINS);
  announceReady(runtime.log, config.logFormat, `subgraph ${domain.name} ready — ${runtime.db.kind} database`, [
    ["subgraph", `${reachableBase(config.subgraphHost, server.port)}/graphql`],
  ]);
  return stopAll(server, runtime);
});
