import express, { type Express } from "express";
import type { Config } from "../lib/config.js";
import { finishJsonApp, listen, type RunningServer } from "../lib/http.js";
import type { Logger } from "../lib/logger.js";
import { serviceRouter, type AdapterOptions } from "./router.js";
import { authService } from "./routes/auth.js";
import { workService } from "./routes/work.js";
import { paymentService } from "./routes/payment.js";
import { designService } from "./routes/design.js";
import { authorizationPage } from "./pages/authorize.js";
import { openidConfiguration } from "./pages/openid-configuration.js";
import type { RestService } from "./route-table.js";

/** Every business-platform service the adapter serves, with the config key of its direct port. */
export const SERVICES: { service: RestService; port: (config: Config) => number }[] = [
  { service: authService, port: (config) => config.servicePorts.auth },
  { service: workService, port: (config) => config.servicePorts.work },
  { service: paymentService, port: (config) => config.servicePorts.payment },
];

export function adapterOptions(config: Config, log: Logger, gatewayUrl: () => string): AdapterOptions {
  return { gatewayUrl, corsAllowOrigin: config.corsAllowOrigin, bodyLimitBytes: config.bodyLimitBytes, publicUrl: config.publicUrl, log };
}

/** Services of the design platform: no direct ports, several prefixes. */
export const PREFIXED_ONLY: RestService[] = [designService];

/** Mounts every service under its prefixes on an existing app (the main port), and the authorization page. */
export function mountPrefixedServices(app: Express, options: AdapterOptions): void {
  app.use(authorizationPage(options));
  app.get("/.well-known/openid-configuration", openidConfiguration(options.publicUrl));
  for (const service of [...SERVICES.map(({ service }) => service), ...PREFIXED_ONLY]) {
    for (const prefix of [service.prefix, ...(service.alsoUnder ?? [])]) app.use(prefix, serviceRouter(service, options));
    if (service.authPrefix) app.use(service.authPrefix, serviceRouter(service, options, (route) => route.alsoAuth === true));
  }
}


function newApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  return app;
}

/** Each service's paths without prefix on its own port (AUTH_PORT, ...). */
export async function startDirectPorts(config: Config, options: AdapterOptions, host: string): Promise<RunningServer[]> {
  return Promise.all(
    SERVICES.map(({ service, port }) => {
      const app = newApp();
      app.use(serviceRouter(service, options));
      finishJsonApp(app, options.log);
      return listen(app, port(config), host);
    }),
  );
}

/** The REST adapter as its own process: `/api/...` on REST_PORT, plus the direct ports. */
export async function start(config: Config, log: Logger, host: string): Promise<RunningServer[]> {
  const options = adapterOptions(config, log, () => config.gatewayUrl);
  const app = newApp();
  app.get("/healthz", (_req, res) => void res.type("text/plain").send("ok"));
  mountPrefixedServices(app, options);
  finishJsonApp(app, log);
  const main = await listen(app, config.restPort, host);
  log.info({ url: main.url }, "REST adapter listening");
  return [main, ...(await startDirectPorts(config, options, host))];
}
