import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { readCommandLine } from "../lib/process/command-line.js";
import { BUCKET, DIRECT_PORTS, GATEWAY_PORT, GROUPS, groupCommand, groupName, groupPorts, IMAGES, nodeCommand, PLATFORM_IMAGE, subgraphUrlsOn, WORKER_HEALTH_PORT } from "./deploy/layout.js";

/**
 * `compose.yaml`, the scale-out layout (scripts/deploy/layout.ts) on one Docker host: PostgreSQL, Redis, an
 * S3-compatible object store and its bucket, the migrations, the subgraph process groups, two gateways, the
 * one public origin in front of them (`start:edge`) and a job worker. `npm run deploy:compose-file` rewrites it.
 */
export const COMPOSE_FILE = new URL("../compose.yaml", import.meta.url);

const S3_SECRET = "${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY (8 characters or more)}";
const S3_KEY = "${S3_ACCESS_KEY_ID:-platform}";

const platform = {
  image: `${PLATFORM_IMAGE}:latest`,
  // tini as PID 1: signals reach node, and the children its decoders start are reaped.
  init: true,
  restart: "unless-stopped",
  environment: {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://platform:platform@postgres:5432/platform",
    REDIS_URL: "redis://redis:6379",
    JWT_SECRET: "${JWT_SECRET:?set JWT_SECRET (32 characters or more)}",
    PUBLIC_URL: "${PUBLIC_URL:-http://localhost:4000}",
    BOOTSTRAP_SECRET: "${BOOTSTRAP_SECRET:-}",
    METRICS_ENABLED: "${METRICS_ENABLED:-false}",
    METRICS_TOKEN: "${METRICS_TOKEN:-}",
    OTEL_EXPORTER_OTLP_ENDPOINT: "${OTEL_EXPORTER_OTLP_ENDPOINT:-}",
    DATA_DIR: "/data",
    SUBGRAPH_HOST: "0.0.0.0",
    // Files (uploads, thumbnails, renders, imports, exports) are objects in one bucket: no process shares a disk with another.
    BLOB_STORE: "s3",
    S3_ENDPOINT: "http://object-store:9000",
    S3_REGION: "us-east-1",
    S3_BUCKET: BUCKET,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_SECRET,
  },
};

/** Ready when every port given answers `/readyz` 200 (a probe in the image's own node: the image has no curl). */
function readiness(...ports: number[]) {
  const probe = `Promise.all([${ports.join(",")}].map((p) => fetch('http://127.0.0.1:' + p + '/readyz'))).then((rs) => process.exit(rs.every((r) => r.ok) ? 0 : 1), () => process.exit(1))`;
  return { test: ["CMD", "node", "-e", probe], interval: "5s", timeout: "4s", start_period: "60s", retries: 30 };
}

const healthy = { condition: "service_healthy" };
const completed = { condition: "service_completed_successfully" };
/** What every process with data waits for: the database migrated, Redis, the bucket made. */
const dataReady = { migrate: completed, redis: healthy, "object-store-bucket": completed };

function gateway() {
  return {
    ...platform,
    command: nodeCommand("start:prod:gateway"),
    environment: {
      ...platform.environment,
      ...subgraphUrlsOn(groupName),
      PORT: String(GATEWAY_PORT),
      // Only the edge reaches a gateway (no port of theirs is published): its X-Forwarded-For names the client.
      TRUST_PROXY: "uniquelocal",
    },
    depends_on: Object.fromEntries(GROUPS.map((group) => [groupName(group), healthy])),
    healthcheck: readiness(GATEWAY_PORT),
  };
}

export function composeDocument(): Record<string, unknown> {
  const subgraphs = Object.fromEntries(
    GROUPS.map((group) => [
      groupName(group),
      {
        ...platform,
        command: groupCommand(group),
        environment: { ...platform.environment, ...groupPorts(group) },
        depends_on: dataReady,
        healthcheck: readiness(...group.domains.map((domain) => domain.port)),
      },
    ]),
  );
  return {
    name: "federated-platform",
    services: {
      postgres: {
        image: IMAGES.postgres,
        restart: "unless-stopped",
        environment: { POSTGRES_USER: "platform", POSTGRES_PASSWORD: "platform", POSTGRES_DB: "platform" },
        volumes: ["postgres-data:/var/lib/postgresql/data"],
        healthcheck: { test: ["CMD", "pg_isready", "-U", "platform"], interval: "2s", retries: 30 },
      },
      redis: {
        image: IMAGES.redis,
        restart: "unless-stopped",
        healthcheck: { test: ["CMD", "redis-cli", "ping"], interval: "2s", retries: 30 },
      },
      "object-store": {
        image: IMAGES.objectStore,
        restart: "unless-stopped",
        // VersityGW's POSIX backend: each bucket a directory of the volume, each object a file.
        environment: { ROOT_ACCESS_KEY: S3_KEY, ROOT_SECRET_KEY: S3_SECRET, VGW_PORT: ":9000", VGW_HEALTH: "/health", VGW_BACKEND: "posix", VGW_BACKEND_ARG: "/data" },
        volumes: ["object-data:/data"],
        healthcheck: { test: ["CMD", "wget", "-q", "-O", "/dev/null", "http://127.0.0.1:9000/health"], interval: "2s", retries: 30 },
      },
      "object-store-bucket": {
        ...platform,
        restart: "no",
        command: nodeCommand("s3:create-bucket:prod"),
        depends_on: { "object-store": healthy },
      },
      migrate: {
        ...platform,
        restart: "no",
        command: nodeCommand("db:migrate:prod"),
        depends_on: { postgres: healthy },
      },
      ...subgraphs,
      "gateway-a": gateway(),
      "gateway-b": gateway(),
      // The one public origin (PUBLIC_URL): every path, spread over the gateways; the business services' own ports too.
      edge: {
        ...platform,
        command: nodeCommand("start:prod:edge"),
        environment: { ...platform.environment, PORT: String(GATEWAY_PORT), EDGE_UPSTREAMS: `http://gateway-a:${GATEWAY_PORT},http://gateway-b:${GATEWAY_PORT}` },
        ports: [`${GATEWAY_PORT}:${GATEWAY_PORT}`, ...DIRECT_PORTS.map(({ port }) => `${port}:${port}`)],
        depends_on: { "gateway-a": healthy, "gateway-b": healthy },
        healthcheck: readiness(GATEWAY_PORT),
      },
      worker: {
        ...platform,
        command: nodeCommand("start:prod:worker"),
        environment: { ...platform.environment, WORKER_HEALTH_PORT: String(WORKER_HEALTH_PORT) },
        depends_on: dataReady,
        healthcheck: readiness(WORKER_HEALTH_PORT),
      },
    },
    volumes: { "postgres-data": {}, "object-data": {} },
  };
}

export function composeText(): string {
  return `# Written by \`npm run deploy:compose-file\` from the domains' manifests: edit that script, not this file.
# docker build -t ${PLATFORM_IMAGE} . && JWT_SECRET=… S3_SECRET_ACCESS_KEY=… docker compose up (docs/operations.md)
${stringify(composeDocument(), { aliasDuplicateObjects: false })}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  readCommandLine(`Usage: npm run deploy:compose-file

Writes compose.yaml from the domains' manifests: PostgreSQL, Redis, an S3-compatible object store and its bucket,
the migrations, the subgraph process groups, two gateways, the one public origin in front of them and a worker.
(The Kubernetes manifests: npm run deploy:kubernetes. The supergraph: npm run compose.)`);
  writeFileSync(COMPOSE_FILE, composeText());
  console.log("wrote compose.yaml");
}
