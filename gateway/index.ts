import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { fileServiceUrl, subgraphUrls } from "../lib/modules/topology.js";
import { createRuntime } from "../lib/runtime.js";
import type { RunningServer } from "../lib/http.js";
import { MANIFESTS } from "../subgraphs/manifests.js";
import { gatewayEntries } from "./banner.js";
import { composeSupergraph } from "./compose.js";
import { start } from "./server.js";
import { readSupergraphFile } from "./supergraph-file.js";

readCommandLine(`Usage: npm run start:gateway

The gateway alone, over subgraphs running as processes of their own (<NAME>_SUBGRAPH_URL, or the URLs a
SUPERGRAPH_FILE names): the deployment's public origin. The federated graph at /graphql (HTTP and
graphql-ws), signed file URLs, the pages, and both platforms' REST paths, OAuth and OpenID discovery
beside it, with the business services' own ports (AUTH_PORT, …). A foreign SUPERGRAPH_FILE gets the
graph alone. Settings come from the environment (docs/configuration.md).`);

await boot("gateway", async (config, log) => {
  const runtime = await createRuntime(config, "gateway");
  // SUPERGRAPH_FILE: a supergraph composed elsewhere, served with the subgraph URLs it names.
  const supergraph = config.supergraphFile ? await readSupergraphFile(config.supergraphFile, MANIFESTS) : undefined;
  const domains = supergraph?.domains ?? MANIFESTS;
  const urls = supergraph?.subgraphUrls ?? subgraphUrls(config.settings, MANIFESTS);
  const files = fileServiceUrl(config.settings, domains);
  if (supergraph) log.info({ file: config.supergraphFile, subgraphs: Object.keys(supergraph.subgraphUrls), domains: domains.map((d) => d.name) }, "serving a supergraph file");
  const supergraphSdl = supergraph?.sdl ?? (await composeSupergraph(MANIFESTS, urls));
  // The product's REST paths need the product's graph: a foreign supergraph is served alone (and loads none of the adapter).
  const rest = domains.length > 0
    ? (await import("./rest-beside.js")).restBesideGateway(config, { log, internalCalls: runtime.internalCalls, readiness: runtime.readiness, supergraphSdl })
    : undefined;
  const gateway = await start(
    config.port,
    {
      config,
      log,
      domains,
      subgraphUrls: urls,
      supergraphSdl,
      bus: runtime.bus,
      internalCalls: runtime.internalCalls,
      readiness: runtime.readiness,
      fileServiceUrl: () => files,
      mount: rest?.mount,
    },
    config.host,
  );
  rest?.attach(gateway);
  let direct: Record<string, RunningServer> = {};
  try {
    direct = (await rest?.startDirectPorts(config.host)) ?? {};
  } catch (error) {
    await gateway.close();
    throw error;
  }
  const base = reachableBase(config.host, gateway.port);
  const banner = rest ? await import("../rest-adapter/banner.js") : undefined;
  const ports = Object.fromEntries(Object.entries(direct).map(([name, server]) => [name, server.port]));
  const restEntries = banner ? [...banner.restPrefixEntries(base), ...banner.directPortEntries(ports, (port) => reachableBase(config.host, port))] : [];
  announceReady(log, config.logFormat, "gateway ready", [...gatewayEntries(config, base), ...restEntries]);
  return stopAll(...Object.values(direct), gateway, runtime.bus);
});
