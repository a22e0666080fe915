import path from "node:path";
import { ConfigError, Settings, parseByteSize } from "./settings.js";
import type { LogFormat } from "./logger.js";
import type { MetricsSettings } from "./metrics/endpoint.js";
import { readBlobStoreSettings, type BlobStoreSettings } from "./storage/blob-store-settings.js";

export { ConfigError, Settings, parseByteSize };

/**
 * The platform's own settings (every domain's are read by its module, through the same `settings`).
 * Every variable the product reads goes through `Settings`; docs/configuration.md's table is checked against it.
 */
export interface Config {
  /** The environment reader every later setting (domains, ports of subgraphs and REST services) uses too. */
  settings: Settings;
  /** Main port: gateway (`/graphql`), health, and the REST paths under `/api/...`. */
  port: number;
  /** Port of the REST adapter's `/api/...` paths when it runs as its own process. */
  restPort: number;
  /** Interface of the public ports (gateway, REST adapter, direct service ports). */
  host: string;
  /** Interface subgraphs listen on: loopback unless the deployment spreads them over machines. */
  subgraphHost: string;
  /** `configured`: the one-process start puts its subgraphs on their configured ports, so more gateways can use them. */
  embeddedSubgraphPorts: boolean;
  /** A supergraph SDL file composed elsewhere: the gateway serves it (with the subgraph URLs it names) instead of composing the domains. */
  supergraphFile: string | undefined;
  /** Where clients reach this deployment: the OpenID issuer and the base of published endpoint URLs. */
  publicUrl: string;
  /** The job console's own OAuth client (CONSOLE_CLIENT_ID and CONSOLE_CLIENT_SECRET): with it the console signs users in. */
  consoleClient: { id: string; secret: string } | undefined;
  dataDir: string;
  /** Where files live: `DATA_DIR/blobs` (`file`) or a bucket of S3 or an S3-compatible store (`s3`). */
  blobStore: BlobStoreSettings;
  /** PostgreSQL server; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Connect and statement timeouts on PostgreSQL: while it is away requests fail fast with 503. */
  databaseBounds: { connectTimeoutMs: number; statementTimeoutMs: number };
  /** Redis connect timeout: past it rate limits use this process's memory and the bus keeps reconnecting. */
  redisConnectTimeoutMs: number;
  /** How long a stopping process (SIGTERM) lets requests in flight and running jobs finish. */
  shutdownGraceMs: number;
  jwtSecret: string | undefined;
  /**
   * The `iss` and `aud` of business tokens (every process issuing or checking them must agree), and until
   * when (Unix seconds) tokens of the business platform's own auth service, minted before the cut-over
   * without them, are accepted (`LEGACY_BUSINESS_TOKENS`: Infinity for `on`, -Infinity for `off`).
   */
  businessTokens: { issuer: string; audience: string; legacyAcceptedUntil: number };
  corsAllowOrigin: string;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  logLevel: string;
  /** LOG_FORMAT: `pretty` on a terminal outside production (`auto`), JSON lines otherwise. */
  logFormat: LogFormat;
  /** Where the REST adapter finds the gateway (split processes). */
  gatewayUrl: string;
  /** Redis server for shared rate limits and the event bus; in-process when absent. */
  redisUrl: string | undefined;
  /** Prefix of every rate-limit and bus key in Redis (tests give each run its own). */
  keyPrefix: string;
  /**
   * A design-platform user's budget per operation across all integrations, in documented
   * per-integration limits: more integrations do not multiply what one user may send.
   */
  designUserRateMultiplier: number;
  /** Live GraphQL subscriptions one WebSocket connection may hold. */
  maxSubscriptionsPerConnection: number;
  /** Job workers the one-process mode runs (0: none; a separate `npm run start:worker` does the work). */
  embeddedWorkers: number;
  /** How long a worker's claim on a job lasts without a heartbeat: a dead worker's job is resumed after it. */
  jobLeaseMs: number;
  /** `npm run start:worker`: workers in the process and the port of its `/healthz` (0: any free port). */
  workerProcess: { concurrency: number; healthPort: number };
  /** `npm run start:edge`: the gateways it spreads the public origin over (base URLs). */
  edgeUpstreams: string[];
  /** Which proxies in front of the public ports may name the client (`X-Forwarded-For`): Express's `trust proxy`. */
  trustProxy: string;
  /** How long a process may answer from its copy of a user's roles; a change announced on the bus clears it at once. */
  roleCacheMs: number;
  /** NODE_ENV=production: no introspection or explorer (unless asked for), no field suggestions in errors. */
  production: boolean;
  /** Introspection and the explorer: on outside production, else only with GRAPHQL_INTROSPECTION=true. */
  introspection: boolean;
  /** How big and costly one GraphQL operation may be (the gateway's; subgraphs allow twice as much). */
  operationLimits: OperationLimits;
  /** `lean` (default): the gateway runs query plans with its own executor (gateway/execution); `stock`: @apollo/gateway's. */
  gatewayExecutor: "lean" | "stock";
  /** Identical subgraph queries in flight at once share one request and answer (the lean executor's); GATEWAY_DEDUPLICATE=false sends each. */
  gatewayDeduplicate: boolean;
  /** How long a design token's full check is reused for the gateway's subscription re-executions (a revocation ends it at once). */
  subscriptionTokenCheckMs: number;
  /** Prometheus `/metrics`: on outside production unless METRICS_ENABLED=false; off in production unless true; METRICS_TOKEN guards it. */
  metrics: MetricsSettings;
  /** OpenTelemetry traces: exported over OTLP/HTTP when `endpoint` is set; the service name defaults to the process's role. */
  tracing: { endpoint: string | undefined; serviceName: string | undefined };
}

/** How big and how costly one operation may be; everything past a limit is refused before any resolver runs. */
export interface OperationLimits {
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxTokens: number;
  maxDirectives: number;
  /** The estimated cost: every field costs 1, times the size of each list it sits in. */
  maxCost: number;
  /** The size a list field counts for when no `limit` / `first` argument says. */
  defaultListSize: number;
}

function readOperationLimits(settings: Settings): OperationLimits {
  return {
    maxDepth: settings.positiveInt("GRAPHQL_MAX_DEPTH", 12),
    maxAliases: settings.positiveInt("GRAPHQL_MAX_ALIASES", 15),
    maxRootFields: settings.positiveInt("GRAPHQL_MAX_ROOT_FIELDS", 10),
    maxTokens: settings.positiveInt("GRAPHQL_MAX_TOKENS", 2000),
    maxDirectives: settings.positiveInt("GRAPHQL_MAX_DIRECTIVES", 30),
    maxCost: settings.positiveInt("GRAPHQL_MAX_COST", 20_000),
    defaultListSize: settings.positiveInt("GRAPHQL_DEFAULT_LIST_SIZE", 20),
  };
}

function logFormat(setting: "auto" | "json" | "pretty", production: boolean): LogFormat {
  if (setting !== "auto") return setting;
  return process.stdout.isTTY && !production ? "pretty" : "json";
}

export function loadConfig(env: NodeJS.ProcessEnv | Settings = process.env): Config {
  const settings = env instanceof Settings ? env : new Settings(env);
  const port = settings.port("PORT", 4000);
  const production = settings.string("NODE_ENV", "development") === "production";
  const publicUrl = settings.string("PUBLIC_URL", `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    settings,
    port,
    restPort: settings.port("REST_PORT", 8080),
    host: settings.string("HOST", "0.0.0.0"),
    subgraphHost: settings.string("SUBGRAPH_HOST", "127.0.0.1"),
    embeddedSubgraphPorts: settings.choice("EMBEDDED_SUBGRAPH_PORTS", ["internal", "configured"], "internal") === "configured",
    supergraphFile: settings.optionalString("SUPERGRAPH_FILE"),
    publicUrl,
    consoleClient: consoleClientOf(settings),
    dataDir: path.resolve(settings.string("DATA_DIR", "./.data")),
    blobStore: readBlobStoreSettings(settings),
    databaseUrl: settings.optionalString("DATABASE_URL"),
    databaseBounds: {
      connectTimeoutMs: settings.positiveInt("DATABASE_CONNECT_TIMEOUT_MS", 5_000),
      statementTimeoutMs: settings.positiveInt("DATABASE_STATEMENT_TIMEOUT_MS", 15_000),
    },
    redisConnectTimeoutMs: settings.positiveInt("REDIS_CONNECT_TIMEOUT_MS", 2_000),
    shutdownGraceMs: settings.count("SHUTDOWN_GRACE_MS", 10_000),
    jwtSecret: settings.optionalString("JWT_SECRET"),
    businessTokens: {
      issuer: settings.string("JWT_ISSUER", publicUrl),
      audience: settings.string("JWT_AUDIENCE", "business-platform"),
      legacyAcceptedUntil: legacyTokensUntil(settings),
    },
    corsAllowOrigin: settings.string("CORS_ALLOW_ORIGIN", "http://localhost:3000"),
    bodyLimitBytes: settings.byteSize("BODY_LIMIT", "1mb"),
    logLevel: settings.string("LOG_LEVEL", "info"),
    logFormat: logFormat(settings.choice("LOG_FORMAT", ["auto", "json", "pretty"], "auto"), production),
    gatewayUrl: settings.string("GATEWAY_URL", `http://127.0.0.1:${port}/graphql`),
    redisUrl: settings.optionalString("REDIS_URL"),
    keyPrefix: settings.string("RATE_LIMIT_KEY_PREFIX", "rate-limit"),
    designUserRateMultiplier: settings.positiveInt("RATE_LIMIT_USER_MULTIPLIER", 3),
    maxSubscriptionsPerConnection: settings.positiveInt("WS_MAX_SUBSCRIPTIONS", 200),
    embeddedWorkers: settings.count("JOB_WORKERS", 1),
    jobLeaseMs: settings.positiveInt("JOB_LEASE_MS", 30_000),
    workerProcess: {
      concurrency: Math.max(1, settings.count("WORKER_CONCURRENCY", 2)),
      healthPort: settings.port("WORKER_HEALTH_PORT", 0),
    },
    edgeUpstreams: (settings.optionalString("EDGE_UPSTREAMS") ?? "").split(",").map((url) => url.trim()).filter(Boolean),
    trustProxy: settings.string("TRUST_PROXY", "false"),
    roleCacheMs: settings.count("ROLE_CACHE_SECONDS", 5) * 1000,
    production,
    introspection: settings.boolean("GRAPHQL_INTROSPECTION", !production),
    operationLimits: readOperationLimits(settings),
    gatewayExecutor: settings.choice("GATEWAY_EXECUTOR", ["lean", "stock"] as const, "lean"),
    gatewayDeduplicate: settings.boolean("GATEWAY_DEDUPLICATE", true),
    subscriptionTokenCheckMs: settings.count("SUBSCRIPTION_TOKEN_CHECK_SECONDS", 60) * 1000,
    tracing: { endpoint: settings.optionalString("OTEL_EXPORTER_OTLP_ENDPOINT"), serviceName: settings.optionalString("OTEL_SERVICE_NAME") },
    metrics: { enabled: settings.boolean("METRICS_ENABLED", !production), token: settings.optionalString("METRICS_TOKEN") },
  };
}

/**
 * LEGACY_BUSINESS_TOKENS: `on` (the default, the seed's contract), `off`, or the date (`2027-03-01`, UTC
 * midnight) or instant (`2027-03-01T12:00:00Z`, with its offset) from which they are refused.
 */
function legacyTokensUntil(settings: Settings): number {
  const raw = settings.string("LEGACY_BUSINESS_TOKENS", "on").trim();
  if (raw === "on") return Infinity;
  if (raw === "off") return -Infinity;
  const at = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(at)) throw new ConfigError(`LEGACY_BUSINESS_TOKENS must be on, off, or a date (2027-03-01) or instant with its offset (2027-03-01T12:00:00Z) from which they are refused, got "${raw}"`);
  return Math.floor(at / 1000);
}

/** Both or neither: a console client id without its secret (or the reverse) is a mistake worth stopping for. */
function consoleClientOf(settings: Settings): Config["consoleClient"] {
  const id = settings.optionalString("CONSOLE_CLIENT_ID");
  const secret = settings.optionalString("CONSOLE_CLIENT_SECRET");
  if (!id && !secret) return undefined;
  if (!id || !secret) throw new ConfigError("CONSOLE_CLIENT_ID and CONSOLE_CLIENT_SECRET go together: set both or neither");
  return { id, secret };
}
