import type { Config } from "../lib/config.js";
import type { RunningServer } from "../lib/http.js";
import { createDataRuntime, type DataRuntime } from "../lib/runtime.js";
import * as accounts from "../subgraphs/accounts/server.js";
import * as work from "../subgraphs/work/server.js";
import * as payments from "../subgraphs/payments/server.js";
import * as identity from "../subgraphs/identity/server.js";
import { SERVICES, adapterOptions, mountPrefixedServices, startDirectPorts } from "../rest-adapter/server.js";
import { start as startGateway } from "./server.js";

export interface EmbeddedPlatform {
  runtime: DataRuntime;
  /** Main port: `/graphql`, `/healthz` and `/api/...`. */
  main: RunningServer;
  /** Direct service ports, by service name. */
  direct: Record<string, RunningServer>;
  /** The subgraphs' own internal servers, by subgraph name. */
  subgraphs: Record<string, RunningServer>;
  close(): Promise<void>;
}

/**
 * Everything in one process on one database: every subgraph on an internal loopback port, the
 * gateway on `config.port` with the REST adapter's `/api/...` paths beside it, and the direct ports.
 */
export async function startEmbedded(config: Config): Promise<EmbeddedPlatform> {
  const runtime = await createDataRuntime(config);
  const subgraphs = {
    accounts: await accounts.start(0, runtime),
    work: await work.start(0, runtime),
    payments: await payments.start(0, runtime),
    identity: await identity.start(0, runtime),
  };
  let gatewayUrl = "";
  const options = adapterOptions(config, runtime.log, () => gatewayUrl);
  const main = await startGateway(
    config.port,
    {
      config,
      log: runtime.log,
      subgraphUrls: {
        accounts: `${subgraphs.accounts.url}/graphql`,
        work: `${subgraphs.work.url}/graphql`,
        payments: `${subgraphs.payments.url}/graphql`,
        identity: `${subgraphs.identity.url}/graphql`,
      },
      mount: (app) => mountPrefixedServices(app, options),
    },
    config.host,
  );
  gatewayUrl = `${main.url}/graphql`;
  const directServers = await startDirectPorts(config, options, config.host);
  const direct = Object.fromEntries(SERVICES.map(({ service }, i) => [service.name, directServers[i]]));
  return {
    runtime,
    main,
    direct,
    subgraphs,
    async close() {
      for (const server of [...directServers, main, ...Object.values(subgraphs)]) await server.close();
      await runtime.close();
    },
  };
}
