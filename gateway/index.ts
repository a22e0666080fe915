import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { createBus } from "../lib/runtime.js";
import { subgraphUrlsFromConfig } from "./subgraphs.js";
import { start } from "./server.js";

const config = loadConfig();
await start(
  config.port,
  {
    config,
    log: createLogger(config.logLevel, "gateway"),
    subgraphUrls: subgraphUrlsFromConfig(config),
    bus: createBus(config),
    assetsHttpUrl: () => config.assetsHttpUrl,
  },
  config.host,
);
