import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { start } from "./server.js";

const config = loadConfig();
await start(config, createLogger(config.logLevel, "rest-adapter"), config.host);
