import { boot, stopAll } from "../lib/process/boot.js";
import { fileServiceUrl, subgraphUrls } from "../lib/modules/topology.js";
import { createRuntime } from "../lib/runtime.js";
import { DOMAINS } from "../subgraphs/registry.js";
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
      readiness: runtime.readiness,
      fileServiceUrl: () => files,
    },
    config.host,
  );
  return stopAll(gateway, runtime.bus);
});
