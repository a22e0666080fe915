import type { Config } from "../lib/config.js";
import type { RunningServer } from "../lib/http.js";
import { createDataRuntime, type DataRuntime } from "../lib/runtime.js";
import * as accounts from "../subgraphs/accounts/server.js";
import * as work from "../subgraphs/work/server.js";
import * as payments from "../subgraphs/payments/server.js";
import * as identity from "../subgraphs/identity/server.js";
import * as assets from "../subgraphs/assets/server.js";
import { SERVICES, adapterOptions, mountPrefixedServices, startDirectPorts } from "../rest-adapter/server.js";
import { startWorkers, type RunningWorkers } from "../workers/start.js";
import { start as startGateway, type RunningGateway } from "./server.js";
import type { SubgraphName } from "./subgraphs.js";

export interface EmbeddedPlatform {
  runtime: DataRuntime;
  /** Main port: `/graphql` (HTTP and graphql-ws), `/healthz`, the REST paths and signed blob URLs. */
  main: RunningGateway;
  /** Direct service ports, by service name. */
  direct: Record<string, RunningServer>;
  /** The subgraphs' own internal servers, by subgraph name. */
  subgraphs: Record<SubgraphName, RunningServer>;
  workers: RunningWorkers;
  close(): Promise<void>;
}

/**
 * Everything in one process on one database: every subgraph on an internal loopback port (or, with
 * EMBEDDED_SUBGRAPH_PORTS=configured, on its configured port so more gateways can join), the gateway
 * on `config.port` with the REST adapter beside it, the direct ports, and `JOB_WORKERS` job workers.
 */
export async function startEmbedded(config: Config): Promise<EmbeddedPlatform> {
  const runtime = await createDataRuntime(config);
  const fixed = process.env.EMBEDDED_SUBGRAPH_PORTS === "configured";
  const portOf = (name: SubgraphName) => (fixed ? config.subgraphPorts[name] : 0);
  const subgraphs: Record<SubgraphName, RunningServer> = {
    accounts: await accounts.start(portOf("accounts"), runtime),
    work: await work.start(portOf("work"), runtime),
    payments: await payments.start(portOf("payments"), runtime),
    identity: await identity.start(portOf("identity"), runtime),
    assets: await assets.start(portOf("assets"), runtime),
  };
  const subgraphUrls = Object.fromEntries(Object.entries(subgraphs).map(([name, server]) => [name, `${server.url}/graphql`])) as Record<SubgraphName, string>;
  let gatewayUrl = "";
  const options = adapterOptions(config, runtime.log, () => gatewayUrl);
  const main = await startGateway(
    config.port,
    {
      config,
      log: runtime.log,
      subgraphUrls,
      bus: runtime.bus,
      assetsHttpUrl: () => subgraphs.assets.url,
      mount: (app) => mountPrefixedServices(app, options),
    },
    config.host,
  );
  gatewayUrl = `${main.url}/graphql`;
  const directServers = await startDirectPorts(config, options, config.host);
  const direct = Object.fromEntries(SERVICES.map(({ service }, i) => [service.name, directServers[i]]));
  const workers = await startWorkers(runtime, config.embeddedWorkers);
  return {
    runtime,
    main,
    direct,
    subgraphs,
    workers,
    async close() {
      await workers.stop();
      for (const server of [...directServers, main, ...Object.values(subgraphs)]) await server.close();
      await runtime.close();
    },
  };
}
