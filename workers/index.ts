import { readCommandLine } from "../lib/process/command-line.js";
import express from "express";
import { healthz, listen } from "../lib/http.js";
import { readyz } from "../lib/readiness.js";
import { mountMetrics } from "../lib/metrics/endpoint.js";
import { boot, stopAll } from "../lib/process/boot.js";
import { announceReady, reachableBase } from "../lib/process/banner.js";
import { createDataRuntime } from "../lib/runtime.js";
import { DOMAINS } from "../subgraphs/registry.js";
import { startWorkers } from "./start.js";

/** A worker process: `WORKER_CONCURRENCY` workers on the shared database and bus; health on `WORKER_HEALTH_PORT`. */
readCommandLine(`Usage: npm run start:worker

Job workers alone (WORKER_CONCURRENCY of them) on the shared database and bus; health on WORKER_HEALTH_PORT.
Settings come from the environment (docs/configuration.md).`);

await boot("worker", async (config) => {
  const runtime = await createDataRuntime(config, "worker");
  const running = await startWorkers(runtime, config.workerProcess.concurrency, DOMAINS);
  const app = express();
  app.get("/healthz", healthz);
  app.get("/readyz", readyz(() => runtime.readiness));
  mountMetrics(app, config.metrics);
  const server = await listen(app, config.workerProcess.healthPort, config.host);
  announceReady(runtime.log, config.logFormat, `worker ready — ${config.workerProcess.concurrency} workers, ${runtime.db.kind} database`, [
    ["health", `${reachableBase(config.host, server.port)}/healthz`],
  ]);
  return stopAll({ close: () => running.stop() }, server, runtime);
});
