import express, { type Express } from "express";
import type { Config } from "../lib/config.js";
import { finishJsonApp, listen, trustProxyValue, weakEtag, type RunningServer } from "../lib/http.js";
import { InternalCalls } from "../lib/auth/internal-calls.js";
import { mountMetrics } from "../lib/metrics/endpoint.js";
import { resolveJwtSecret } from "../lib/auth/jwt-secret.js";
import type { Logger } from "../lib/logger.js";
import { serviceRouter, serviceStack, type AdapterOptions } from "./router.js";
import { routeDispatch, type MountedStack } from "./route-dispatch.js";
import { authorizationPage } from "./oauth/authorize.js";
import { openidConfiguration } from "./oauth/openid-configuration.js";
import type { RestService } from "./route-table.js";
import { overHttp, type RunOperation } from "./gateway-client.js";
import { REST_SERVICES } from "./services.js";
import { healthCheck, healthUrlOf, readyz, type ReadinessCheck } from "../lib/readiness.js";
import { fromGateway, type GraphSchema } from "./graph-schema.js";

/** Services with a port of their own (the business platform's), and that port as configured. */
export function directServices(config: Config, services: readonly RestService[] = REST_SERVICES): { service: RestService; port: number }[] {
  return services.flatMap((service) =>
    service.directPort ? [{ service, port: config.settings.port(service.directPort.variable, service.directPort.port) }] : [],
  );
}

export function adapterOptions(
  config: Config,
  log: Logger,
  gatewayUrl: () => string,
  internalCalls: InternalCalls,
  readiness: readonly ReadinessCheck[],
  graphSchema: GraphSchema,
  runOperation: RunOperation = overHttp(gatewayUrl),
  services: readonly RestService[] = REST_SERVICES,
): AdapterOptions {
  const { corsAllowOrigin, bodyLimitBytes, publicUrl } = config;
  return { gatewayUrl, runOperation, corsAllowOrigin, bodyLimitBytes, publicUrl, log, internalCalls, readiness, metrics: config.metrics.enabled, services, graphSchema };
}

/** Mounts every service under its prefixes on an existing app (the main port), and the authorization page. */
export function mountPrefixedServices(app: Express, options: AdapterOptions): void {
  const mounts: MountedStack[] = options.services.flatMap((service) => {
    const stack = serviceStack(service, options);
    return [
      ...[service.prefix, ...(service.alsoUnder ?? [])].map((prefix) => ({ prefix, stack })),
      ...(service.authPrefix ? [{ prefix: service.authPrefix, stack: serviceStack(service, options, (route) => route.alsoAuth === true) }] : []),
    ];
  });
  // Under its path: a router every request entered and left unanswered cost each one an event-loop turn.
  app.use("/oauth/authorize", authorizationPage(options));
  app.get("/.well-known/openid-configuration", openidConfiguration(options.publicUrl));
  app.use(routeDispatch(mounts));
  for (const { prefix, stack } of mounts) app.use(prefix, serviceRouter(stack, options));
}

function newApp(config: Config): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(config.trustProxy));
  app.set("etag", weakEtag);
  return app;
}

/** Each service's paths without prefix on its own port (AUTH_PORT, ...). */
export async function startDirectPorts(config: Config, options: AdapterOptions, host: string): Promise<Record<string, RunningServer>> {
  const started = await Promise.all(
    directServices(config, options.services).map(async ({ service, port }) => {
      const app = newApp(config);
      const stack = serviceStack(service, options);
      app.use(routeDispatch([{ prefix: "", stack }]));
      app.use(serviceRouter(stack, options));
      finishJsonApp(app, options.log);
      return [service.name, await listen(app, port, host)] as const;
    }),
  );
  return Object.fromEntries(started);
}

/** The REST adapter as its own process: `/api/...` on REST_PORT, plus the direct ports. */
export async function start(config: Config, log: Logger, host: string): Promise<{ main: RunningServer; direct: Record<string, RunningServer> }> {
  const internalCalls = InternalCalls.forSecret(await resolveJwtSecret(config, log));
  // The adapter keeps no data of its own: it is ready when the graph it runs operations on answers.
  const readiness = [healthCheck("gateway", healthUrlOf(config.gatewayUrl))];
  const gatewayUrl = () => config.gatewayUrl;
  const options = adapterOptions(config, log, gatewayUrl, internalCalls, readiness, fromGateway(gatewayUrl, internalCalls, log));
  const app = newApp(config);
  app.get("/healthz", (_req, res) => void res.type("text/plain").send("ok"));
  app.get("/readyz", readyz(() => options.readiness));
  mountMetrics(app, config.metrics);
  mountPrefixedServices(app, options);
  finishJsonApp(app, log);
  const main = await listen(app, config.restPort, host);
  return { main, direct: await startDirectPorts(config, options, host) };
}
