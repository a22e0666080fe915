import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { ConfigError } from "../lib/config.js";
import { serveBalanced } from "../lib/net/balancer.js";
import { gatewayEntries } from "../gateway/banner.js";
import { directPortEntries, restPrefixEntries } from "../rest-adapter/banner.js";
import { directServices } from "../rest-adapter/server.js";

readCommandLine(`Usage: npm run start:edge

The deployment's one public origin in front of several gateways (compose.yaml): PORT spread over the
gateways EDGE_UPSTREAMS names, round robin, HTTP and WebSockets; each business service's own port
(AUTH_PORT, …) spread over the same port of each gateway's host. The gateways see the client in
X-Forwarded-For (give them TRUST_PROXY). Settings come from the environment (docs/configuration.md).`);

await boot("edge", async (config, log) => {
  if (config.edgeUpstreams.length === 0) throw new ConfigError("EDGE_UPSTREAMS names no gateway: give their base URLs, comma-separated (http://gateway-a:4000,http://gateway-b:4000)");
  for (const upstream of config.edgeUpstreams) {
    if (!/^http:\/\/[^/]+:\d+\/?$/.test(upstream)) throw new ConfigError(`EDGE_UPSTREAMS: "${upstream}" is not a gateway's base URL (http://<host>:<port>)`);
  }
  const main = await serveBalanced(config.port, config.host, { upstreams: config.edgeUpstreams, log });
  const direct = await Promise.all(
    directServices(config).map(async ({ service, port }) => {
      const upstreams = config.edgeUpstreams.map((upstream) => Object.assign(new URL(upstream), { port: String(port) }).origin);
      return [service.name, await serveBalanced(port, config.host, { upstreams, log })] as const;
    }),
  );
  const base = reachableBase(config.host, main.port);
  const ports = Object.fromEntries(direct.map(([name, server]) => [name, server.port]));
  announceReady(log, config.logFormat, `edge ready — over ${config.edgeUpstreams.join(", ")}`, [
    ...gatewayEntries(config, base),
    ...restPrefixEntries(base),
    ...directPortEntries(ports, (port) => reachableBase(config.host, port)),
  ]);
  return stopAll(main, ...direct.map(([, server]) => server));
});
