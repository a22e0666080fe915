import type { Express } from "express";
import type { Config } from "../lib/config.js";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import type { Logger } from "../lib/logger.js";
import type { ReadinessCheck } from "../lib/readiness.js";
import type { RunningServer } from "../lib/http.js";
import { telemetry } from "../lib/telemetry/hooks.js";
import { adapterOptions, mountPrefixedServices, startDirectPorts } from "../rest-adapter/server.js";
import { GatewayUnavailableError, type GraphQLResult, type RunOperation } from "../rest-adapter/gateway-client.js";
import type { AdapterOptions } from "../rest-adapter/router.js";
import type { RestServicePart } from "../rest-adapter/route-table.js";
import { restServicesWith } from "../rest-adapter/services.js";
import { besideGateway } from "../rest-adapter/graph-schema.js";
import type { RunningGateway } from "./server.js";

/**
 * The REST adapter in the gateway's process, so the gateway's port is the deployment's one public origin:
 * both platforms' REST paths, `/oauth/authorize` and `/.well-known/openid-configuration` beside `/graphql`,
 * the pages and the file URLs. Its operations run straight into the gateway (no loopback HTTP, no second
 * JSON round), and it checks each route's variables against the very supergraph the gateway serves.
 */
export interface RestBesideGateway {
  adapter: AdapterOptions;
  /** Mounts the prefixed services on the gateway's app (its `mount` option). */
  mount(app: Express): void;
  /** The gateway, once it listens: operations run through it from then on. */
  attach(gateway: RunningGateway): void;
  /** Each business service's paths without prefix on its own port (AUTH_PORT, …), as `npm start` serves them. */
  startDirectPorts(host: string): Promise<Record<string, RunningServer>>;
}

export function restBesideGateway(
  config: Config,
  parts: { log: Logger; internalCalls: InternalCalls; readiness: readonly ReadinessCheck[]; supergraphSdl: string; restRoutes?: readonly RestServicePart[] },
): RestBesideGateway {
  let gateway: RunningGateway | undefined;
  let gatewayUrl = "";
  const inGateway: RunOperation = async ({ query, variables, caller }) => {
    if (!gateway) throw new GatewayUnavailableError("the gateway is starting");
    try {
      const run = () => gateway!.runOperation({ query, variables, authorization: caller.authorization, clientAddress: caller.address });
      return (await (telemetry.inProcessGateway ? telemetry.inProcessGateway(run) : run())) as GraphQLResult;
    } catch (error) {
      throw new GatewayUnavailableError(`the gateway could not run the operation: ${(error as Error).message}`);
    }
  };
  const adapter = adapterOptions(
    config,
    parts.log,
    () => gatewayUrl,
    parts.internalCalls,
    parts.readiness,
    besideGateway(parts.supergraphSdl),
    inGateway,
    restServicesWith(parts.restRoutes ?? []),
  );
  return {
    adapter,
    mount: (app) => mountPrefixedServices(app, adapter),
    attach(running) {
      gateway = running;
      gatewayUrl = `${running.url}/graphql`;
    },
    startDirectPorts: (host) => startDirectPorts(config, adapter, host),
  };
}
