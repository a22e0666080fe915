import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import type { TestDatabase } from "./database.js";
import { variablePrefix } from "../lib/modules/domain-manifest.js";
import { anyDirectPorts } from "../rest-adapter/services.js";
import { anyDomainPorts } from "../lib/modules/topology.js";
import { MANIFESTS } from "../subgraphs/manifests.js";
import { TYPESCRIPT_LOADER } from "../lib/process/typescript-loader.js";

/** The environment of a platform process over a test database: its own secret, loopback, quiet logs, what domains listen on on free ports; `extra` on top. */
export function platformProcessEnv(database: TestDatabase, extra: Record<string, string> = {}): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: database.dataDir,
    ...anyDomainPorts(MANIFESTS),
    RATE_LIMIT_KEY_PREFIX: `process-${randomBytes(4).toString("hex")}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...extra,
  };
}

/** Each domain's subgraph as a process: its name, the variable naming its port and the one a gateway finds it by. */
export const SUBGRAPH_PROCESSES = MANIFESTS.map(({ name }) => ({
  name,
  entry: ["scripts/start-subgraph.ts", name],
  portVariable: `${variablePrefix(name)}_SUBGRAPH_PORT`,
  urlVariable: `${variablePrefix(name)}_SUBGRAPH_URL`,
}));

/** A port nobody listens on right now. */
/** Ports handed out by this process: never handed out twice, even before their process binds them. */
const handedOut = new Set<number>();

/** Binds `port` on loopback for a moment: whether nothing else holds it now. */
async function bindable(port: number): Promise<boolean> {
  const server = net.createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (bound) await new Promise((resolve) => server.close(resolve));
  return bound;
}

/**
 * A free loopback port for a process a test starts later. Picked below the kernel's ephemeral range
 * (32768–60999), so that the connections and `listen(0)` sockets of tests running alongside cannot
 * take it between now and the moment its process binds it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error("no free port below the ephemeral range");
}

/** Every service's own port (`AUTH_PORT`, `WORK_PORT`, … as the route files declare them) on a free port, for a platform started as a process. */
export async function freeDirectPorts(): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(Object.keys(anyDirectPorts()).map(async (variable) => [variable, String(await freePort())])));
}

export interface Child {
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `<entry>.ts [args…]` as its own process with the given environment (`loader: false`: compiled JavaScript, plain Node). */
export function startProcess(entry: string | string[], env: Record<string, string>, { loader = true } = {}): Child {
  let output = "";
  // The sources run on Node's type stripping, as test files do (lib/process/typescript.ts); then, as the start
  // scripts do, the tracing preload (it loads nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set).
  const preload = loader
    ? [...TYPESCRIPT_LOADER, "--import", "./lib/telemetry/preload.ts"]
    : ["--import", "./dist/lib/telemetry/preload.js"];
  const flags = [...process.execArgv.filter((flag) => flag === "--no-memory-protection-keys"), ...preload];
  const child = spawn(process.execPath, [...flags, ...[entry].flat()], {
    // The test runner's compile cache (scripts/run-tests.ts) serves the processes tests start too.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs `<entry>.ts [args…]` to its end: its exit code and everything it printed. */
export async function runProcess(entry: string | string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = startProcess(entry, env);
  const code = await new Promise<number | null>((resolve) => child.process.once("exit", resolve));
  return { code, output: child.output() };
}

/** Polls `url` until it answers 200, the process exits, or the time runs out. */
export async function waitUntilHealthy(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`process exited (${child.process.exitCode}):\n${child.output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms:\n${child.output()}`);
}

/** Kills the process at once (SIGKILL: no shutdown code runs) and waits until it is gone. */
export async function killHard(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.kill("SIGKILL");
  await exited;
}

/**
 * The one-process platform (`npm start`) as a child process on free ports, over `env`'s database; a port
 * taken meanwhile by another test's process means new ports, same database. `env` keeps the ports chosen.
 */
export async function startPlatformProcess(env: Record<string, string>, attempts = 3): Promise<{ child: Child; baseUrl: string }> {
  Object.assign(env, { PORT: String(await freePort()), ...(await freeDirectPorts()) });
  const child = startProcess("scripts/start-embedded.ts", env);
  try {
    await waitUntilHealthy(`http://127.0.0.1:${env.PORT}/healthz`, child);
  } catch (error) {
    if (attempts > 1 && /EADDRINUSE/.test(child.output())) return startPlatformProcess(env, attempts - 1);
    throw error;
  }
  return { child, baseUrl: `http://127.0.0.1:${env.PORT}` };
}
