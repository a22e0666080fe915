import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { TYPESCRIPT_LOADER } from "../../lib/process/typescript-loader.js";

const ROOT = new URL("../../", import.meta.url);
const file = (relative: string) => fileURLToPath(new URL(relative, ROOT));

/**
 * How each process of the cluster runs: `node` itself (no npm wrapper) on the sources, with the start
 * scripts' tracing preload, and the preload that stops it when the cluster's own process goes away.
 */
const NODE_FLAGS = [
  ...TYPESCRIPT_LOADER,
  "--import",
  file("lib/telemetry/preload.ts"),
  "--import",
  file("lib/process/follow-parent.ts"),
  // A young generation of 8 MiB semi-spaces instead of V8's default: measured, the layout holds about
  // 500 MB less (2.09 → 1.61 GB at ready), for somewhat more frequent minor collections. NODE_OPTIONS may say otherwise.
  ...(/--max-semi-space-size/.test(process.env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=8"]),
];

/** One process of the cluster: what it is, how it is asked whether it is ready, and its exit. */
export interface ClusterChild {
  name: string;
  process: ChildProcess;
  /** Asked until each answers 200. */
  readyUrls: string[];
  /** Where the process answers (for the start record). */
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether it is still running. */
  running(): boolean;
}

/** Level names of pino's numbers, for the one-line rendering of a child's JSON log records. */
const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** A child's log line for a person: its name, then the record's level, message and error when the line is a JSON record. */
function readable(name: string, line: string): string {
  if (line.startsWith("{")) {
    try {
      const record = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      const level = LEVELS[record.level ?? 30] ?? String(record.level);
      return `${name} ${level} ${record.msg ?? ""}${record.err?.message ? ` — ${record.err.message}` : ""}`;
    } catch {
      /* not JSON after all */
    }
  }
  return `${name} ${line}`;
}

/**
 * Starts `entry` (a path from the repository root) as a process of the cluster. It runs in a process group
 * of its own, so a Ctrl+C at the terminal reaches the cluster's process alone, which then stops each one in
 * order. Its output goes to this process's, each line named by the child (`pretty`), or as it is (`json`).
 */
export function startChild(
  name: string,
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { readyUrls: string[]; url: string; logFormat: "json" | "pretty" },
): ClusterChild {
  const child = spawn(process.execPath, [...NODE_FLAGS, file(entry), ...args], { env, stdio: ["ignore", "pipe", "pipe", "ipc"], detached: true });
  for (const [stream, out] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (line.trim() === "") return;
      out.write(`${options.logFormat === "pretty" ? readable(name, line) : line}\n`);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  // Spawning failed (no such file, no memory): reported as an exit.
  child.once("error", () => undefined);
  return { name, process: child, readyUrls: options.readyUrls, url: options.url, exited, running: () => child.exitCode === null && child.signalCode === null };
}

/** Polls each of `child`'s ready URLs until it answers 200; fails when the child exits first or time runs out. */
export async function waitReady(child: ClusterChild, deadline: number): Promise<void> {
  for (const url of child.readyUrls) {
    for (;;) {
      if (!child.running()) throw new Error(`${child.name} exited before it was ready`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
        await response.body?.cancel();
        if (response.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`${child.name} was not ready in time (${url})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

/** Asks each child to stop (SIGTERM), then waits for all of them; past `graceMs` the ones left are killed. */
export async function stopChildren(children: readonly ClusterChild[], graceMs: number): Promise<void> {
  const running = children.filter((child) => child.running());
  for (const child of running) child.process.kill("SIGTERM");
  const killer = setTimeout(() => {
    for (const child of running) if (child.running()) child.process.kill("SIGKILL");
  }, graceMs);
  await Promise.all(running.map((child) => child.exited));
  clearTimeout(killer);
}

/** Resident memory of a process and every process under it, from `/proc` (Linux); undefined elsewhere. */
export async function treeResidentBytes(rootPid: number): Promise<number | undefined> {
  const { readdir } = await import("node:fs/promises");
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return undefined;
  }
  const parents = new Map<number, number>();
  const resident = new Map<number, number>();
  await Promise.all(
    entries.filter((entry) => /^\d+$/.test(entry)).map(async (entry) => {
      try {
        const status = await readFile(`/proc/${entry}/status`, "utf8");
        const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
        const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
        parents.set(Number(entry), ppid);
        resident.set(Number(entry), rss);
      } catch {
        /* gone meanwhile */
      }
    }),
  );
  let total = 0;
  for (const [pid, rss] of resident) {
    for (let up: number | undefined = pid; up !== undefined && up > 1; up = parents.get(up)) {
      if (up === rootPid) {
        total += rss;
        break;
      }
    }
  }
  return total;
}
