import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { startDomain } from "../lib/modules/serve-domain.js";
import { subgraphEndpoint } from "../lib/modules/topology.js";
import { createDataRuntime } from "../lib/runtime.js";
import type { RunningSubgraph } from "../lib/graphql/subgraph-server.js";
import { DOMAIN_NAMES, loadDomains } from "../subgraphs/catalog.js";

const USAGE = `Usage: npm run start:subgraph -- <${DOMAIN_NAMES.join(" | ")}>
       npm run start:subgraph -- --domains <name>,<name>,…

One domain's subgraph as its own process, on <NAME>_SUBGRAPH_PORT (scale-out: a gateway finds it at
<NAME>_SUBGRAPH_URL). With --domains, a process group: each domain named on its own port, in one process
sharing one database pool (fewer processes for a small deployment). Settings come from the environment
(docs/configuration.md).`;
const { positionals, values } = readCommandLine(USAGE, { allowPositionals: true, options: { domains: { type: "string" } } });
const names = values.domains !== undefined ? values.domains.split(",").map((name) => name.trim()).filter(Boolean) : positionals;
const unknown = names.find((name) => !DOMAIN_NAMES.includes(name));
const repeated = names.find((name, index) => names.indexOf(name) !== index);
if (names.length === 0 || (values.domains === undefined && positionals.length !== 1) || (values.domains !== undefined && positionals.length > 0) || unknown || repeated) {
  const problem = unknown ? `no domain is named "${unknown}"` : repeated ? `"${repeated}" is named twice` : names.length === 0 ? "which domain?" : "name one domain, or several with --domains a,b,c";
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}
const group = await loadDomains(names);
// Only the domain serving the platform's files needs the others (each one's upload receiver); the rest load their own code alone.
const domains = group.some((domain) => domain.servesFiles) ? await loadDomains() : group;
const processName = group.length === 1 ? group[0].name : `subgraphs-${group.map((domain) => domain.name).join("-")}`;
await boot(processName, async (config) => {
  const runtime = await createDataRuntime(config, processName);
  const servers: RunningSubgraph[] = [];
  try {
    for (const domain of group) servers.push(await startDomain(domain, runtime, subgraphEndpoint(config.settings, domain).port, domains));
  } catch (error) {
    for (const server of servers) await server.close();
    await runtime.close();
    throw error;
  }
  const title = group.length === 1 ? `subgraph ${group[0].name}` : `subgraphs ${names.join(", ")}`;
  announceReady(
    runtime.log,
    config.logFormat,
    `${title} ready — ${runtime.db.kind} database`,
    group.map((domain, index) => [group.length === 1 ? "subgraph" : `subgraph ${domain.name}`, `${reachableBase(config.subgraphHost, servers[index].port)}/graphql`] as const),
  );
  return stopAll(...servers, runtime);
});
