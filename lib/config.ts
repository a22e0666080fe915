import path from "node:path";

/** Typed view of the environment. Every setting the product reads is listed here. */
export interface Config {
  /** Main port: gateway (`/graphql`), health, and the REST paths under `/api/...`. */
  port: number;
  /** Direct port of each business-platform service's REST paths (no `/api/<service>` prefix). */
  servicePorts: { auth: number; work: number; payment: number };
  /** Port of the REST adapter's `/api/...` paths when it runs as its own process. */
  restPort: number;
  /** Port of each subgraph when it runs as its own process. */
  subgraphPorts: { accounts: number; work: number; payments: number; identity: number; assets: number };
  host: string;
  /** Where clients reach this deployment: the OpenID issuer and the base of published endpoint URLs. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  corsAllowOrigin: string;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  logLevel: string;
  /** Where the gateway finds each subgraph (split processes). */
  subgraphUrls: { accounts: string; work: string; payments: string; identity: string; assets: string };
  /** Where the gateway forwards `/blobs/...` and `/uploads/...` (the assets service's own server). */
  assetsHttpUrl: string;
  /** The card processor: API key, webhook signing secret, and (tests, proxies) another API base URL. */
  processor: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: URL | undefined };
  /** Where the REST adapter finds the gateway (split processes). */
  gatewayUrl: string;
  /** Redis server for shared rate limits (and, later, pub/sub fan-out); in-process when absent. */
  redisUrl: string | undefined;
  rateLimits: {
    keyPrefix: string;
    /** Failed logins allowed per email or address within `loginWindowSeconds`. */
    loginFailures: number;
    loginWindowSeconds: number;
    /** Sign-in challenges issued per address per minute. */
    challengesPerMinute: number;
  };
  assets: {
    /** Largest asset accepted (upload or fetched); more fails the job with `file_too_big`. */
    maxBytes: number;
    /** Largest video fetched from a URL (documented: 100 MB). */
    maxUrlVideoBytes: number;
    /** Time limit of one URL fetch, redirects included. */
    fetchTimeoutMs: number;
    /** Let URL uploads reach private, loopback and link-local addresses (local use and tests only). */
    allowPrivateUrls: boolean;
  };
  /** Live GraphQL subscriptions one WebSocket connection may hold. */
  maxSubscriptionsPerConnection: number;
  /** Job workers the one-process mode runs (0: none; a separate `npm run start:worker` does the work). */
  embeddedWorkers: number;
  /** How long a worker's claim on a job lasts without a heartbeat: a dead worker's job is resumed after it. */
  jobLeaseMs: number;
  /** The EIP-4361 sign-in messages this server issues for wallets to sign. */
  blockchainSignIn: { domain: string; uri: string; chainId: number; nonceTtlSeconds: number };
}

export class ConfigError extends Error {}

function readPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function readPositiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function readCountSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be 0 or a positive integer, got "${raw}"`);
  return value;
}

function readBoolean(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? "").toLowerCase();
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function readUrl(env: NodeJS.ProcessEnv, name: string): URL | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    /* refused below */
  }
  throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
}

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** Parses sizes such as `1048576`, `512kb` or `1mb`. */
export function parseByteSize(raw: string, name: string): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw.trim());
  if (!match) throw new ConfigError(`${name} must be a size such as 1048576, 512kb or 1mb, got "${raw}"`);
  const bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? "b").toLowerCase()];
  if (bytes <= 0) throw new ConfigError(`${name} must be greater than zero`);
  return bytes;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = readPort(env, "PORT", 4000);
  const subgraphPorts = {
    accounts: readPort(env, "ACCOUNTS_PORT", 4001),
    work: readPort(env, "WORK_SUBGRAPH_PORT", 4002),
    payments: readPort(env, "PAYMENTS_SUBGRAPH_PORT", 4003),
    identity: readPort(env, "IDENTITY_SUBGRAPH_PORT", 4004),
    assets: readPort(env, "ASSETS_SUBGRAPH_PORT", 4005),
  };
  return {
    port,
    servicePorts: {
      auth: readPort(env, "AUTH_PORT", 8082),
      work: readPort(env, "WORK_PORT", 8083),
      payment: readPort(env, "PAYMENT_PORT", 8084),
    },
    restPort: readPort(env, "REST_PORT", 8080),
    subgraphPorts,
    host: env.HOST || "0.0.0.0",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    dataDir: path.resolve(env.DATA_DIR || "./.data"),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    corsAllowOrigin: env.CORS_ALLOW_ORIGIN || "http://localhost:3000",
    bodyLimitBytes: parseByteSize(env.BODY_LIMIT || "1mb", "BODY_LIMIT"),
    logLevel: env.LOG_LEVEL || "info",
    subgraphUrls: {
      accounts: env.ACCOUNTS_URL || `http://127.0.0.1:${subgraphPorts.accounts}/graphql`,
      work: env.WORK_SUBGRAPH_URL || `http://127.0.0.1:${subgraphPorts.work}/graphql`,
      payments: env.PAYMENTS_SUBGRAPH_URL || `http://127.0.0.1:${subgraphPorts.payments}/graphql`,
      identity: env.IDENTITY_SUBGRAPH_URL || `http://127.0.0.1:${subgraphPorts.identity}/graphql`,
      assets: env.ASSETS_SUBGRAPH_URL || `http://127.0.0.1:${subgraphPorts.assets}/graphql`,
    },
    assetsHttpUrl: (env.ASSETS_SUBGRAPH_URL || `http://127.0.0.1:${subgraphPorts.assets}/graphql`).replace(/\/graphql$/, ""),
    processor: {
      secretKey: env.PROCESSOR_SECRET_KEY || undefined,
      webhookSecret: env.PROCESSOR_WEBHOOK_SECRET || undefined,
      apiUrl: readUrl(env, "PROCESSOR_API_URL"),
    },
    gatewayUrl: env.GATEWAY_URL || `http://127.0.0.1:${port}/graphql`,
    redisUrl: env.REDIS_URL || undefined,
    rateLimits: {
      keyPrefix: env.RATE_LIMIT_KEY_PREFIX || "rate-limit",
      loginFailures: readPositiveInt(env, "LOGIN_MAX_FAILURES", 10),
      loginWindowSeconds: readPositiveInt(env, "LOGIN_FAILURE_WINDOW_SECONDS", 900),
      challengesPerMinute: readPositiveInt(env, "SIGN_IN_CHALLENGES_PER_MINUTE", 10),
    },
    assets: {
      maxBytes: parseByteSize(env.ASSET_MAX_BYTES || "100mb", "ASSET_MAX_BYTES"),
      maxUrlVideoBytes: parseByteSize(env.URL_VIDEO_MAX_BYTES || "100mb", "URL_VIDEO_MAX_BYTES"),
      fetchTimeoutMs: readPositiveInt(env, "URL_FETCH_TIMEOUT_MS", 30_000),
      allowPrivateUrls: readBoolean(env, "URL_FETCH_ALLOW_PRIVATE"),
    },
    embeddedWorkers: readCountSetting(env, "JOB_WORKERS", 1),
    maxSubscriptionsPerConnection: readPositiveInt(env, "WS_MAX_SUBSCRIPTIONS", 200),
    jobLeaseMs: readPositiveInt(env, "JOB_LEASE_MS", 30_000),
    blockchainSignIn: {
      domain: env.SIGN_IN_DOMAIN || "localhost",
      uri: env.SIGN_IN_URI || `http://localhost:${port}`,
      chainId: readPositiveInt(env, "SIGN_IN_CHAIN_ID", 1),
      nonceTtlSeconds: readPositiveInt(env, "SIGN_IN_NONCE_TTL_SECONDS", 300),
    },
  };
}
