// @tier process
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { createTestDatabase, type TestDatabase } from "../../testing/database.js";
import { HttpClient } from "../../testing/http.js";
import { platformProcessEnv, startPlatformProcess, type Child } from "../../testing/processes.js";

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
  attributes: Record<string, unknown>;
}

const SERVER = 2;

/** A local OTLP/HTTP trace receiver: keeps every span posted to `/v1/traces` (JSON encoding). */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        for (const resource of JSON.parse(body).resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((a: any) => a.key === "service.name")?.value?.stringValue;
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              const attributes = Object.fromEntries((span.attributes ?? []).map((a: any) => [a.key, Object.values(a.value ?? {})[0]]));
              spans.push({ traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId, name: span.name, kind: span.kind, service, attributes });
            }
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The port a server span says it answered on (old or new semantic conventions). */
const portOf = (span: ReceivedSpan) => Number(span.attributes["server.port"] ?? span.attributes["net.host.port"]);
const pathOf = (span: ReceivedSpan) => String(span.attributes["url.path"] ?? span.attributes["http.target"] ?? "");

let database: TestDatabase;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let platform: Child | undefined;
let client: HttpClient;
let mainPort: number;

before(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
  const env = platformProcessEnv(database, { JOB_WORKERS: "0", OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  const started = await startPlatformProcess(env);
  platform = started.child;
  client = new HttpClient(started.baseUrl);
  mainPort = Number(env.PORT);
});
after(async () => {
  await platform?.stop();
  await receiver.close();
  await database.drop();
});

describe("OpenTelemetry traces over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set", () => {
  test("one trace runs from the REST path through the gateway into a subgraph and its SQL", async () => {
    const answer = await client.get("/api/forum/questions");
    assert.equal(answer.status, 200, answer.text);
    let trace: ReceivedSpan[] = [];
    for (let waited = 0; waited < 30_000 && trace.length === 0; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const entry = receiver.spans.find((span) => span.kind === SERVER && pathOf(span).startsWith("/api/forum/questions"));
      const spans = entry ? receiver.spans.filter((span) => span.traceId === entry.traceId) : [];
      const servers = spans.filter((span) => span.kind === SERVER && pathOf(span) === "/graphql");
      // One process: the REST adapter hands the operation to the gateway, and the gateway runs the subgraph's, in process, each in a
      // span of its own (over HTTP they would be server spans on the gateway's and the subgraph's ports).
      const gatewayHop = servers.some((span) => portOf(span) === mainPort) || spans.some((span) => span.name === "gateway");
      const subgraphHop = servers.some((span) => portOf(span) !== mainPort) || spans.some((span) => span.name === "subgraph forum");
      if (gatewayHop && subgraphHop && spans.some((span) => span.name === "sql")) trace = spans;
    }
    const seen = receiver.spans.map((span) => `${span.traceId.slice(0, 8)} ${span.kind} ${span.name} ${pathOf(span)} ${portOf(span)}`).join("\n");
    assert.ok(trace.length > 0, `no trace from the REST path through gateway, subgraph and SQL among:\n${seen}`);
    const gateway = trace.find((span) => (span.kind === SERVER && pathOf(span) === "/graphql" && portOf(span) === mainPort) || span.name === "gateway")!;
    const subgraph = trace.find((span) => (span.kind === SERVER && pathOf(span) === "/graphql" && portOf(span) !== mainPort) || span.name === "subgraph forum")!;
    assert.equal(gateway.traceId, subgraph.traceId);
    assert.equal(gateway.service, "platform");
    // The SQL ran under the subgraph's request: follow the parents up from the statement.
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const sql = trace.find((span) => span.name === "sql" && /forum|question/i.test(String(span.attributes["db.query.text"])))!;
    assert.ok(sql, "a SQL statement of the forum's");
    const ancestors: string[] = [];
    for (let span: ReceivedSpan | undefined = sql; span; span = span.parentSpanId ? byId.get(span.parentSpanId) : undefined) ancestors.push(span.spanId);
    assert.ok(ancestors.includes(subgraph.spanId), "the statement's span descends from the subgraph's request");
    assert.ok(ancestors.includes(gateway.spanId), "…which descends from the gateway's");
    const rest = trace.find((span) => span.kind === SERVER && pathOf(span).startsWith("/api/forum/questions"))!;
    assert.ok(ancestors.includes(rest.spanId), "…which descends from the REST request's");
  });
});
