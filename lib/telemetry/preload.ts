/**
 * Loaded before the platform's own modules (`node --import`, see the start scripts): starts
 * OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, so its instrumentations patch http,
 * express, graphql and pg before anything uses them. Unset, it only reads the settings.
 */
import path from "node:path";
import { loadConfig } from "../config.js";

const { tracing } = loadConfig();
if (tracing.endpoint) {
  const { startTracing } = await import("./sdk.js");
  startTracing(tracing.endpoint, tracing.serviceName ?? serviceNameOf(process.argv.slice(1)));
}

/** `gateway`, `rest-adapter`, `worker`, `subgraph-<name>` or `platform`, from the entry file the process runs. */
function serviceNameOf([entry = "", firstArgument]: string[]): string {
  const file = path.basename(entry).replace(/\.(ts|js)$/, "");
  if (file === "start-subgraph") return `subgraph-${firstArgument}`;
  if (file === "index") return path.basename(path.dirname(entry)).replace(/^workers$/, "worker");
  return file === "start-embedded" ? "platform" : file;
}
