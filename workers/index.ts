import express from "express";
import { healthz, listen } from "../lib/http.js";
import { loadConfig, readCountSetting } from "../lib/config.js";
import { createDataRuntime } from "../lib/runtime.js";
import { startWorkers } from "./start.js";

/** A worker process: `WORKER_CONCURRENCY` workers (default 2) on the shared database and bus; health on `WORKER_PORT`. */
const config = loadConfig();
const runtime = await createDataRuntime(config, "worker");
const running = await startWorkers(runtime, Math.max(1, readCountSetting(process.env, "WORKER_CONCURRENCY", 2)));
const app = express();
app.get("/healthz", healthz);
const server = await listen(app, readCountSetting(process.env, "WORKER_HEALTH_PORT", 0), config.host);
runtime.log.info({ health: `${server.url}/healthz` }, "worker ready");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await running.stop();
    await server.close();
    await runtime.close();
    process.exit(0);
  });
}
