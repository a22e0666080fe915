import { readCommandLine } from "../lib/process/command-line.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { directPortEntries, restPrefixEntries } from "./banner.js";
import { start } from "./server.js";

readCommandLine(`Usage: npm run start:rest

The REST adapter alone: every documented REST path of both platforms, run as GraphQL operations
against the gateway at GATEWAY_URL, on the main port and the direct service ports.
Settings come from the environment (docs/configuration.md).`);

await boot("rest-adapter", async (config, log) => {
  const { main, direct } = await start(config, log, config.host);
  const ports = Object.fromEntries(Object.entries(direct).map(([name, server]) => [name, server.port]));
  const base = (port: number) => reachableBase(config.host, port);
  announceReady(log, config.logFormat, `REST adapter ready — over ${config.gatewayUrl}`, [...restPrefixEntries(base(main.port)), ...directPortEntries(ports, base)]);
  return stopAll(main, ...Object.values(direct));
});
