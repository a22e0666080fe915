import net from "node:net";
import path from "node:path";
import { readCommandLine } from "../lib/process/command-line.js";
import { loadConfig, type Config } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { startDraining } from "../lib/process/draining.js";
import { announceReady, reachableBase, type BannerEntry } from "../lib/process/banner.js";
import { variablePrefix, type DomainManifest } from "../lib/modules/domain-manifest.js";
import { platformGroups, subgraphEndpoint, type ProcessGroup } from "../lib/modules/topology.js";
import { serveBalanced } from "../lib/net/balancer.js";
import type { RunningServer } from "../lib/http.js";
import { MANIFESTS } from "../subgraphs/manifests.js";
import { REST_SERVICES } from "../rest-adapter/services.js";
import { directPortEntries, restPrefixEntries } from "../rest-adapter/banner.js";
import { gatewayEntries } from "../gateway/banner.js";
import { startChild, stopChildren, treeResidentBytes, waitReady, type ClusterChild } from "./cluster/children.js";

const USAGE = `Usage: npm run start:cluster [-- --groups platform|each|"<domain>,<domain> <domain>,…"] [--gateways 2]

The scale-out layout on this machine, each part a process of its own (node itself, no npm): the domains'
subgraphs in process groups (default: one per platform, and p2p alone; "each": one per domain; or groups
named, every domain once), --gateways gateways (2), a job worker, and in this process the one public
origin on PORT that spreads requests over the gateways (and the business services' own ports, AUTH_PORT…).

Needs DATABASE_URL (the database is created when missing, then migrated), REDIS_URL and JWT_SECRET. Files go
to the bucket S3_* names (with BLOB_STORE=s3), or, with no S3_* set, to the bundled S3 test server started
here (objects under DATA_DIR/s3). Processes log at LOG_LEVEL (default warn). Ctrl+C or SIGTERM stops them all.`;

const { values } = readCommandLine(USAGE, { options: { groups: { type: "string", default: "platform" }, gateways: { type: "string", default: "2" } } });

function fail(message: string): never {
  console.error(`start:cluster: ${message}`);
  process.exit(2);
}

/** The process groups the command line asks for, every domain of the catalog in exactly one. */
function groupsOf(spec: string, manifests: readonly DomainManifest[]): ProcessGroup[] {
  if (spec === "platform") return platformGroups(manifests);
  if (spec === "each") return manifests.map((manifest) => ({ name: manifest.name, domains: [manifest] }));
  const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
  const seen = new Set<string>();
  const groups = spec.trim().split(/\s+/).map((group) => {
    const names = group.split(",").filter(Boolean);
    for (const name of names) {
      if (!byName.has(name)) fail(`--groups names "${name}", which is no domain (${[...byName.keys()].join(", ")})`);
      if (seen.has(name)) fail(`--groups names "${name}" twice`);
      seen.add(name);
    }
    return { name: names.length === 1 ? names[0] : names.join("-"), domains: names.map((name) => byName.get(name)!) };
  });
  const missing = manifests.filter((manifest) => !seen.has(manifest.name)).map((manifest) => manifest.name);
  if (missing.length > 0) fail(`--groups leaves out ${missing.join(", ")}: name every domain once (or use "platform" or "each")`);
  return groups;
}

/** A port free on loopback now, for a process of the cluster to listen on (it binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const config: Config = loadConfig();
const gatewayCount = Number(values.gateways);
if (!Number.isInteger(gatewayCount) || gatewayCount < 1 || gatewayCount > 8) fail(`--gateways must be 1 to 8 (got "${values.gateways}")`);
if (!config.databaseUrl) fail("set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/platform): every process shares one database");
if (!config.redisUrl) fail("set REDIS_URL (e.g. redis://127.0.0.1:6379): the gateways hear the workers' events through it");
if (!config.jwtSecret || config.jwtSecret.length < 32) fail("set JWT_SECRET, 32 characters or more (e.g. export JWT_SECRET=$(openssl rand -hex 32)): every process and tool (npm run seed) shares it");
const groups = groupsOf(values.groups!, MANIFESTS);
const log = createLogger(config.logLevel, "cluster", config.logFormat);
const graceMs = 2 * config.shutdownGraceMs + 5_000;
const children: ClusterChild[] = [];
let edge: RunningServer[] = [];
let stopping: Promise<void> | undefined;

/** Stops the origin's new requests, then the gateways and the worker, then the subgraphs, then the S3 test server. */
function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    startDraining(config.shutdownGraceMs);
    const tiers = [children.filter((c) => c.name.startsWith("gateway") || c.name === "worker"), children.filter((c) => c.name.startsWith("subgraphs")), children];
    for (const tier of tiers) await stopChildren(tier, graceMs);
    for (const server of edge) await server.close();
    log.info({}, "cluster stopped");
    process.exit(code);
  })();
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second signal: now.
      for (const child of children) if (child.running()) child.process.kill("SIGKILL");
      process.exit(1);
    }
    log.info({ signal }, "stopping the cluster");
    void stop(0);
  });
}

/** The environment every process shares; LOG_LEVEL warn unless set, JSON logs (this process renders them for a terminal). */
const shared: NodeJS.ProcessEnv = {
  ...process.env,
  PUBLIC_URL: config.publicUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  LOG_FORMAT: "json",
  HOST: "127.0.0.1",
  SUBGRAPH_HOST: "127.0.0.1",
};
for (const manifest of MANIFESTS) {
  const { port } = subgraphEndpoint(config.settings, manifest);
  shared[`${variablePrefix(manifest.name)}_SUBGRAPH_PORT`] = String(port);
  shared[`${variablePrefix(manifest.name)}_SUBGRAPH_URL`] = `http://127.0.0.1:${port}/graphql`;
}

const start = (name: string, entry: string, args: string[], env: NodeJS.ProcessEnv, readyUrls: string[], url: string) => {
  const child = startChild(name, entry, args, env, { readyUrls, url, logFormat: config.logFormat });
  children.push(child);
  void child.exited.then(({ code, signal }) => {
    if (stopping) return;
    log.error({ process: name, code, signal }, `${name} exited (${signal ?? `code ${code}`}): stopping the cluster`);
    void stop(1);
  });
  return child;
};

async function runToEnd(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = startChild(name, entry, [], env, { readyUrls: [], url: "", logFormat: "json" });
  const { code } = await child.exited;
  if (code !== 0) fail(`${name} failed (exit code ${code}): see above`);
}

// The database: made when missing, then migrated, once, before any process opens it.
await runToEnd("db:migrate", "scripts/migrate.ts", { ...shared, LOG_LEVEL: "warn" });

// The object store: the bucket S3_* names, or the bundled S3 test server.
const s3Given = config.blobStore.kind === "s3" || Object.keys(process.env).some((name) => name.startsWith("S3_"));
if (s3Given) {
  shared.BLOB_STORE = "s3";
} else {
  const port = await freePort();
  const directory = path.join(config.dataDir, "s3");
  start("s3-test-server", "scripts/s3-test-server.ts", ["--port", String(port), "--directory", directory, "--bucket", "platform-files"], shared, [`http://127.0.0.1:${port}/`], `http://127.0.0.1:${port}`);
  Object.assign(shared, {
    BLOB_STORE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "platform-files",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
}

// The settings every process reads, checked once here: a mistake is one line, not seven processes failing.
try {
  loadConfig(shared);
} catch (error) {
  await stopChildren(children, graceMs);
  fail((error as Error).message);
}

for (const group of groups) {
  const ports = group.domains.map((domain) => subgraphEndpoint(config.settings, domain).port);
  start(
    `subgraphs-${group.name}`,
    "scripts/start-subgraph.ts",
    ["--domains", group.domains.map((domain) => domain.name).join(",")],
    shared,
    ports.map((port) => `http://127.0.0.1:${port}/readyz`),
    `http://127.0.0.1:${ports[0]}`,
  );
}
const workerPort = await freePort();
start("worker", "workers/index.ts", [], { ...shared, WORKER_HEALTH_PORT: String(workerPort) }, [`http://127.0.0.1:${workerPort}/readyz`], `http://127.0.0.1:${workerPort}`);

// The gateways, each with the REST paths beside it and the business services' own ports on ports of its own.
const directs = REST_SERVICES.flatMap((service) => (service.directPort ? [{ name: service.name, variable: service.directPort.variable, port: config.settings.port(service.directPort.variable, service.directPort.port) }] : []));
const gateways: { url: string; direct: Record<string, string> }[] = [];
for (let i = 0; i < gatewayCount; i++) {
  const port = await freePort();
  const direct: Record<string, string> = {};
  for (const { variable } of directs) direct[variable] = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  gateways.push({ url, direct });
  // The origin in front is on loopback: its X-Forwarded-For names the client.
  start(`gateway-${String.fromCharCode(97 + i)}`, "gateway/index.ts", [], { ...shared, ...direct, PORT: String(port), TRUST_PROXY: process.env.TRUST_PROXY ?? "loopback" }, [`${url}/readyz`], url);
}

const deadline = Date.now() + 300_000;
try {
  await Promise.all(children.map((child) => waitReady(child, deadline)));
} catch (error) {
  if (!stopping) {
    log.error({ err: error }, `the cluster could not start: ${(error as Error).message}`);
    await stop(1);
  }
  await stopping;
}

// The one public origin: PORT, and each business service's own port, spread over the gateways.
const balancerLog = createLogger(config.logLevel === "info" ? "warn" : config.logLevel, "origin", config.logFormat);
try {
  edge = [
    await serveBalanced(config.port, config.host, { upstreams: gateways.map((g) => g.url), log: balancerLog }),
    ...(await Promise.all(
      directs.map(({ variable, port }) => serveBalanced(port, config.host, { upstreams: gateways.map((g) => `http://127.0.0.1:${g.direct[variable]}`), log: balancerLog })),
    )),
  ];
} catch (error) {
  log.error({ err: error }, `the cluster's origin could not listen: ${(error as Error).message}`);
  await stop(1);
}

const base = reachableBase(config.host, config.port);
const directPorts = Object.fromEntries(directs.map(({ name }, index) => [name, edge[index + 1].port]));
const processes = children.filter((child) => child.running()).map((child) => ({ name: child.name, pid: child.process.pid, url: child.url }));
const resident = await treeResidentBytes(process.pid);
const memory = resident === undefined ? "" : `, ${Math.round(resident / 2 ** 20)} MiB resident`;
const entries: BannerEntry[] = [
  ...gatewayEntries(config, base),
  ...restPrefixEntries(base),
  ...directPortEntries(directPorts, (port) => reachableBase(config.host, port)),
  ...processes.map(({ name, pid, url }) => [`${name} (pid ${pid})`, url] as const),
];
announceReady(log, config.logFormat, `cluster ready — ${processes.length + 1} processes${memory}, public origin ${config.publicUrl}`, entries, {
  processes,
  origin: config.publicUrl,
  ...(resident === undefined ? {} : { residentBytes: resident }),
});
