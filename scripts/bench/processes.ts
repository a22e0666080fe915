import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TYPESCRIPT_LOADER } from "../../lib/process/typescript-loader.js";
import { startProcess, type Child } from "../../testing/processes.js";
import type { LoadRequest, LoadResult } from "./load-generator.js";

/** Starts `<entry>` (TypeScript) as a process and waits for the `listening <url>` line it prints. */
export async function startListening(entry: string | string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<{ child: Child; url: string }> {
  const child = startProcess(entry, env);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const url = /listening (http\S+)/.exec(child.output())?.[1];
    if (url) return { child, url };
    if (child.process.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await child.stop();
  throw new Error(`${[entry].flat().join(" ")} did not start:\n${child.output()}`);
}

/**
 * Processes started together, with a temporary folder of theirs: `build` starts them (pushing each on
 * `children`); `stop` stops them in reverse order and removes the folder, at once if `build` fails.
 */
export async function processGroup<T>(prefix: string, build: (dir: string, children: Child[]) => Promise<T>): Promise<T & { stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const children: Child[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await child.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    return { ...(await build(dir, children)), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system, milliseconds) a process has used so far, from `/proc/<pid>/stat`. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

/** The load generator process; `run` sends one load and waits for its result. */
export function startLoadGenerator(): { run(load: LoadRequest): Promise<LoadResult>; stop(): void } {
  const child: ChildProcess = fork(fileURLToPath(new URL("./load-generator.ts", import.meta.url)), {
    execArgv: TYPESCRIPT_LOADER,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let pending: { resolve(result: LoadResult): void; reject(error: Error): void } | undefined;
  child.on("message", (result) => pending?.resolve(result as LoadResult));
  child.on("exit", (code) => pending?.reject(new Error(`load generator exited (${code})`)));
  return {
    run: (load) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(load);
      }),
    stop: () => void child.kill(),
  };
}
