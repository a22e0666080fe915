import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { subgraphUrlsFromConfig } from "./subgraphs.js";
import { start } from "./server.js";

const config = loadConfig();
await start(
  config.port,
  { config, log: createLogger(config.logLevel, "gateway"), subgraphUrls: subgraphUrlsFromConfig(config) },
  config.host,
);
