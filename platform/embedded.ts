import type { Config } from "../lib/config.js";
import type { RunningSubgraph } from "../lib/graphql/subgraph-server.js";
import type { RunningServer } from "../lib/http.js";
import type { DomainModule } from "../lib/modules/domain-module.js";
import { startDomain } from "../lib/modules/serve-domain.js";
import { fileServiceModule, subgraphEndpoint } from "../lib/modules/topology.js";
import { createDataRuntime, type DataRuntime } from "../lib/runtime.js";
import type { RestServicePart } from "../rest-adapter/route-table.js";
import { startWorkers, type RunningWorkers } from "../workers/start.js";
import { start as startGateway, type RunningGateway } from "../gateway/server.js";
import { restBesideGateway } from "../gateway/rest-beside.js";
import { composeSupergraph } from "../gateway/compose.js";

export interface EmbeddedPlatform {
  runtime: DataRuntime;
  /** Main port: `/graphql` (HTTP and graphql-ws), `/healthz`, the REST paths and signed blob URLs. */
  main: RunningGateway;
  /** Direct service ports, by service name. */
  direct: Record<string, RunningServer>;
  /** The subgraphs' own internal servers, by domain name. */
  subgraphs: Record<string, RunningSubgraph>;
  workers: RunningWorkers;
  close(): Promise<void>;
}

/**
 * Everything in one process on one database: every domain's subgraph on an internal loopback port (or,
 * with EMBEDDED_SUBGRAPH_PORTS=configured, on its configured port so more gateways can join), the gateway
 * on `config.port` with the REST adapter beside it, the direct ports, and `JOB_WORKERS` job workers.
 */
export interface EmbeddedOptions {
  /** How the supergraph is composed from the domains at their URLs (tests reuse one composition per set of domains). */
  compose?: typeof composeSupergraph;
  /** REST routes of a domain outside the repository's folders (a test's), served beside the route files'. */
  restRoutes?: readonly RestServicePart[];
}

export async function startEmbedded(config: Config, domains: readonly DomainModule[], options: EmbeddedOptions = {}): Promise<EmbeddedPlatform> {
  const runtime = await createDataRuntime(config);
  const subgraphs: Record<string, RunningSubgraph> = {};
  for (const domain of domains) {
    const port = config.embeddedSubgraphPorts ? subgraphEndpoint(config.settings, domain).port : 0;
    subgraphs[domain.name] = await startDomain(domain, runtime, port, domains);
  }
  const subgraphUrls = Object.fromEntries(Object.entries(subgraphs).map(([name, server]) => [name, `${server.url}/graphql`]));
  const files = fileServiceModule(domains);
  const supergraphSdl = await (options.compose ?? composeSupergraph)(domains, subgraphUrls);
  // The REST adapter beside the gateway runs its operations straight into it: no loopback HTTP, no second JSON round.
  const rest = restBesideGateway(config, { log: runtime.log, internalCalls: runtime.internalCalls, readiness: runtime.readiness, supergraphSdl, restRoutes: options.restRoutes });
  const main = await startGateway(
    config.port,
    {
      config,
      log: runtime.log,
      domains,
      subgraphUrls,
      supergraphSdl,
      bus: runtime.bus,
      internalCalls: runtime.internalCalls,
      readiness: runtime.readiness,
      fileServiceUrl: () => files && subgraphs[files.name].url,
      mount: rest.mount,
      // The gateway runs their operations in this process; their ports stay open for other gateways.
      inProcessSubgraphs: subgraphs,
    },
    config.host,
  );
  rest.attach(main);
  const direct = await rest.startDirectPorts(config.host);
  const workers = await startWorkers(runtime, config.embeddedWorkers, domains);
  return {
    runtime,
    main,
    direct,
    subgraphs,
    workers,
    async close() {
      // Running jobs and requests in flight finish side by side, within the same grace; the subgraphs they need close last.
      const publicPorts = async () => {
        for (const server of [...Object.values(direct), main]) await server.close();
      };
      await Promise.all([workers.stop(), publicPorts()]);
      for (const server of Object.values(subgraphs)) await server.close();
      await runtime.close();
    },
  };
}
