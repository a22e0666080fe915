import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { ExpressInstrumentation } from "@opentelemetry/instrumentation-express";
import { GraphQLInstrumentation } from "@opentelemetry/instrumentation-graphql";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { Resource } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { telemetry } from "./hooks.js";

/**
 * Traces over OTLP/HTTP to `endpoint` (`<endpoint>/v1/traces`): incoming and outgoing HTTP (so a
 * request's trace continues from the gateway into each subgraph through `traceparent`), Express routes,
 * GraphQL parse/validate/execute, and every SQL statement (pg on PostgreSQL; the Prisma adapter on both).
 * The tracing packages are the 1.x line @apollo/gateway itself depends on: one copy of each in the tree.
 */
export function startTracing(endpoint: string, serviceName: string): void {
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: new Resource({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === "/healthz" || request.url === "/metrics" }),
      new UndiciInstrumentation(),
      new ExpressInstrumentation(),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      new PgInstrumentation(),
    ],
  });
  const tracer = trace.getTracer("platform-sql");
  telemetry.sql = (statement, run) =>
    tracer.startActiveSpan("sql", { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.query.text": statement } }, context.active(), async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
  const inProcess = trace.getTracer("platform-in-process");
  const hop = <T>(name: string, attributes: Record<string, string>, run: () => Promise<T>) =>
    inProcess.startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, context.active(), async (span) => {
      try {
        return await run();
      } finally {
        span.end();
      }
    });
  telemetry.inProcessSubgraph = (subgraph, run) => hop(`subgraph ${subgraph}`, { "graphql.subgraph.name": subgraph }, run);
  telemetry.inProcessGateway = (run) => hop("gateway", {}, run);
  telemetry.shutdown = () => provider.shutdown();
}
