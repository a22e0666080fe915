import { boot, stopAll } from "../lib/process/boot.js";
import { start } from "./server.js";

await boot("rest-adapter", async (config, log) => stopAll(...(await start(config, log, config.host))));
