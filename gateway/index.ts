import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { fileServiceUrl, subgraphUrls } from "../lib/modules/topology.js";
import { createRuntime } from "../lib/runtime.js";
import { MANIFESTS } from "../subgraphs/manifests.js";
import { gatewayEntries } from "./banner.js";
import { start } from "./server.js";
import { readSupergraphFile } from "./supergraph-file.js";

readCommandLine(`Usage: npm run start:gateway

The gateway alone: the federated graph at /graphql (HTTP and graphql-ws) over subgraphs running as
processes of their own (<NAME>_SUBGRAPH_URL, or the URLs a SUPERGRAPH_FILE names), signed file URLs.
Settings come from the environment (docs/configuration.md).`);

await boot("gateway", async (config, log) => {
  const runtime = await createRuntime(config, "gateway");
  // SUPERGRAPH_FILE: a supergraph composed elsewhere, served with the subgraph URLs it names.
  const supergraph = config.supergraphFile ? await readSupergraphFile(config.supergraphFile, MANIFESTS) : undefined;
  const domains = supergraph?.domains ?? MANIFESTS;
  const files = fileServiceUrl(config.settings, domains);
  if (supergraph) log.info({ file: config.supergraphFile, subgraphs: Object.keys(supergraph.subgraphUrls), domains: domains.map((d) => d.name) }, "serving a supergraph file");
  const gateway = await start(
    config.port,
    {
      config,
      log,
      domains,
      subgraphUrls: supergraph?.subgraphUrls ?? subgraphUrls(config.settings, MANIFESTS),
      supergraphSdl: supergraph?.sdl,
      bus: runtime.bus,
      internalCalls: runtime.internalCalls,
      readiness: runtime.readiness,
      fileServiceUrl: () => files,
    },
    config.host,
  );
  announceReady(log, config.logFormat, "gateway ready", gatewayEntries(config, reachableBase(config.host, gateway.port)));
  return stopAll(gateway, runtime.bus);
});
