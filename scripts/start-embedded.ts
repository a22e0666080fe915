import { readCommandLine } from "../lib/process/command-line.js";
import { boot } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { gatewayEntries } from "../gateway/banner.js";
import { startEmbedded } from "../platform/embedded.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { directPortEntries, restPrefixEntries } from "../rest-adapter/banner.js";

readCommandLine(`Usage: npm start

The whole platform in one process: every domain's subgraph, the gateway (/graphql, HTTP and graphql-ws),
the REST paths of both platforms, the direct service ports and the job workers. Data in embedded PGlite
under DATA_DIR, or PostgreSQL with DATABASE_URL. Settings come from the environment (docs/configuration.md).`);

await boot("platform", async (config, log) => {
  const platform = await startEmbedded(config, DOMAINS);
  const base = reachableBase(config.host, platform.main.port);
  const direct = Object.fromEntries(Object.entries(platform.direct).map(([name, server]) => [name, server.port]));
  announceReady(
    log,
    config.logFormat,
    `platform ready — ${platform.runtime.db.kind} database, Node ${process.version}`,
    [...gatewayEntries(config, base), ...restPrefixEntries(base), ...directPortEntries(direct, (port) => reachableBase(config.host, port))],
    { node: process.version },
  );
  return platform;
});
