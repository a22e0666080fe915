/**
 * What the rest of the platform calls into when tracing is on, and nothing when it is off: the
 * OpenTelemetry SDK sets these (lib/telemetry/sdk.ts) only when OTEL_EXPORTER_OTLP_ENDPOINT is set, so
 * without it no OpenTelemetry code is loaded at all.
 */
export const telemetry: {
  /** Runs one SQL statement inside a client span (Prisma's driver adapters, PGlite included). */
  sql?: <T>(statement: string | undefined, run: () => Promise<T>) => Promise<T>;
  /** Runs one subgraph operation the gateway executes in process (one-process mode) inside a span of its own. */
  inProcessSubgraph?: <T>(subgraph: string, run: () => Promise<T>) => Promise<T>;
  /** Runs one operation the REST adapter hands to the gateway in the same process inside a span of its own. */
  inProcessGateway?: <T>(run: () => Promise<T>) => Promise<T>;
  /** Sends the spans still buffered (before the process exits). */
  shutdown?: () => Promise<void>;
} = {};
