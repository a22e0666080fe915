import { writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { variablePrefix } from "../lib/modules/domain-manifest.js";
import { MANIFESTS } from "../subgraphs/manifests.js";
import { readCommandLine } from "../lib/process/command-line.js";

/**
 * `compose.yaml`, the scale-out layout, derived from the domains' manifests: PostgreSQL, Redis, an S3-compatible
 * object store, every domain's subgraph, two gateways, the REST adapter and a job worker, each running the npm
 * script the split-process tests start (in its compiled form, `start:prod:…`). No volume is shared: files live
 * in the object store's bucket. `npm run deploy:compose-file` rewrites it.
 */
export const COMPOSE_FILE = new URL("../compose.yaml", import.meta.url);

const platform = {
  image: "federated-platform:latest",
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
    S3_BUCKET: "platform-files",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "${S3_ACCESS_KEY_ID:-platform}",
    S3_SECRET_ACCESS_KEY: "${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY (8 characters or more)}",
  },
};

/** The object store: MinIO, one S3-compatible server among others (any S3 endpoint takes the same settings). */
const objectStore = {
  "object-store": {
    image: "minio/minio:latest",
    command: ["server", "/data"],
    environment: { MINIO_ROOT_USER: "${S3_ACCESS_KEY_ID:-platform}", MINIO_ROOT_PASSWORD: "${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY (8 characters or more)}" },
    volumes: ["object-data:/data"],
    healthcheck: { test: ["CMD", "mc", "ready", "local"], interval: "2s", retries: 30 },
  },
  "object-store-bucket": {
    image: "minio/mc:latest",
    depends_on: { "object-store": { condition: "service_healthy" } },
    environment: { S3_ACCESS_KEY_ID: "${S3_ACCESS_KEY_ID:-platform}", S3_SECRET_ACCESS_KEY: "${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY (8 characters or more)}" },
    // The bucket, and a lifecycle rule behind the exports sweep: an export's files go two days after they were written
    // even if no sweep ran (their URLs last 24 hours). MinIO ends multipart uploads left unfinished after 24 hours itself.
    entrypoint: [
      "sh",
      "-c",
      'mc alias set store http://object-store:9000 "$$S3_ACCESS_KEY_ID" "$$S3_SECRET_ACCESS_KEY" && mc mb --ignore-existing store/platform-files && (mc ilm rule ls store/platform-files | grep -q exports/ || mc ilm rule add --prefix exports/ --expire-days 2 store/platform-files)',
    ],
  },
};

const dependsOnData = {
  postgres: { condition: "service_healthy" },
  redis: { condition: "service_started" },
  "object-store-bucket": { condition: "service_completed_successfully" },
};
const serviceName = (domain: string) => `subgraph-${domain}`;
const subgraphUrls = Object.fromEntries(MANIFESTS.map((domain) => [`${variablePrefix(domain.name)}_SUBGRAPH_URL`, `http://${serviceName(domain.name)}:${domain.port}/graphql`]));
const everySubgraph = Object.fromEntries(MANIFESTS.map((domain) => [serviceName(domain.name), { condition: "service_healthy" }]));
const healthcheck = (port: number) => ({
  test: ["CMD", "node", "-e", `fetch('http://127.0.0.1:${port}/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`],
  interval: "5s",
  retries: 30,
});

function gateway(hostPort: number) {
  return {
    ...platform,
    command: ["npm", "run", "start:prod:gateway"],
    environment: { ...platform.environment, ...subgraphUrls, PORT: "4000" },
    ports: [`${hostPort}:4000`],
    depends_on: everySubgraph,
    healthcheck: healthcheck(4000),
  };
}

export function composeDocument(): Record<string, unknown> {
  const subgraphs = Object.fromEntries(
    MANIFESTS.map((domain) => [
      serviceName(domain.name),
      {
        ...platform,
        command: ["npm", "run", "start:prod:subgraph", "--", domain.name],
        environment: { ...platform.environment, [`${variablePrefix(domain.name)}_SUBGRAPH_PORT`]: String(domain.port) },
        depends_on: dependsOnData,
        healthcheck: healthcheck(domain.port),
      },
    ]),
  );
  return {
    name: "federated-platform",
    services: {
      postgres: {
        image: "postgres:17",
        environment: { POSTGRES_USER: "platform", POSTGRES_PASSWORD: "platform", POSTGRES_DB: "platform" },
        volumes: ["postgres-data:/var/lib/postgresql/data"],
        healthcheck: { test: ["CMD", "pg_isready", "-U", "platform"], interval: "2s", retries: 30 },
      },
      redis: { image: "redis:7" },
      ...objectStore,
      ...subgraphs,
      "gateway-a": gateway(4000),
      "gateway-b": gateway(4100),
      rest: {
        ...platform,
        command: ["npm", "run", "start:prod:rest"],
        environment: { ...platform.environment, REST_PORT: "8080", GATEWAY_URL: "http://gateway-a:4000/graphql" },
        ports: ["8080:8080", "8082-8087:8082-8087"],
        depends_on: { "gateway-a": { condition: "service_healthy" } },
        healthcheck: healthcheck(8080),
      },
      worker: {
        ...platform,
        command: ["npm", "run", "start:prod:worker"],
        environment: { ...platform.environment, WORKER_HEALTH_PORT: "8090" },
        depends_on: dependsOnData,
        healthcheck: healthcheck(8090),
      },
    },
    volumes: { "postgres-data": {}, "object-data": {} },
  };
}

export function composeText(): string {
  return `# Written by \`npm run deploy:compose-file\` from the domains' manifests: edit that script, not this file.\n# JWT_SECRET=… S3_SECRET_ACCESS_KEY=… docker compose up (after \`docker build -t federated-platform .\`)\n${stringify(composeDocument(), { aliasDuplicateObjects: false })}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  readCommandLine(`Usage: npm run deploy:compose-file

Writes compose.yaml from the domains' manifests: PostgreSQL, Redis, an S3-compatible object store, every domain's
subgraph, two gateways, the REST adapter and a worker, each on the port its settings give. (The supergraph: npm run compose.)`);
  writeFileSync(COMPOSE_FILE, composeText());
  console.log("wrote compose.yaml");
}
