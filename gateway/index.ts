import { boot } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { fileServiceUrl, subgraphUrls } from "../lib/modules/topology.js";
import { createRuntime } from "../lib/runtime.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { gatewayEntries } from "./banner.js";
import { start } from "./server.js";

await boot("gateway", async (config, log) => {
  const runtime = await createRuntime(config, "gateway");
  const files = fileServiceUrl(config.settings, DOMAINS);
  const gateway = await start(
    config.port,
    {
      config,
      log,
      domains: DOMAINS,
      subgraphUrls: subgraphUrls(config.settings, DOMAINS),
      bus: runtime.bus,
      internalCalls: runtime.internalCalls,
      fileServiceUrl: () => files,
    },
    config.host,
  );
  announceReady(log, config.logFormat, "gateway ready", gatewayEntries(config, reachableBase(config.host, gateway.port)));
  return gateway;
});
