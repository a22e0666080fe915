import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TYPESCRIPT_LOADER } from "./typescript-loader.js";

/** What one child may spend: its resident memory (watched from inside it) and its wall time (watched from here). */
export interface ChildLimits {
  memoryBytes: number;
  timeoutMs: number;
}

/** The child needed more than it may spend, or ran longer than it may: it was killed. */
export class ChildLimitError extends Error {
  readonly limit: "memory" | "time";

  constructor(limit: "memory" | "time") {
    super(limit === "memory" ? "the decoder needed more memory than it may use" : "the decoder ran longer than it may");
    this.limit = limit;
  }
}

/** The child's work failed on its own terms; `code` is the code it gave (an expected failure), if any. */
export class ChildFailedError extends Error {
  readonly code: string | undefined;

  constructor(
    message: string,
    code: string | undefined,
  ) {
    super(message);
    this.code = code;
  }
}

/** What a child sends: its own events, then `done` or `failed`. */
export type ChildMessage<Event> = { kind: "event"; event: Event } | { kind: "done" } | { kind: "failed"; message: string; code?: string };

/**
 * The module beside `from` named `name` (`.ts` when running from sources, `.js` once built), and
 * how Node must start to run it: sources need a TypeScript loader.
 */
export function childModule(from: string, name: string): { file: string; execArgv: string[] } {
  const extension = path.extname(fileURLToPath(from));
  const file = fileURLToPath(new URL(`./${name}${extension}`, from));
  return { file, execArgv: extension === ".ts" ? TYPESCRIPT_LOADER : [] };
}

/**
 * Runs `module` (a file calling `serveChild`) in a child process with `input`, handing each event it
 * sends to `onEvent`. The child's V8 heap and its whole resident memory are limited (a watchdog
 * thread inside it ends it past `memoryBytes`, so memory native decoders take counts too), and it is
 * killed past `timeoutMs`. Nothing the child decodes lives in this process.
 */
export function runBoundedChild<Input, Event>(module: { file: string; execArgv: string[] }, input: Input, limits: ChildLimits, onEvent: (event: Event) => void): Promise<void> {
  const heapMb = Math.max(32, Math.floor(limits.memoryBytes / (1024 * 1024)));
  const child = fork(module.file, [String(limits.memoryBytes)], {
    execArgv: [...module.execArgv, `--max-old-space-size=${heapMb}`],
    // A decoder fed hostile files gets none of the platform's settings (secrets, database addresses).
    env: {},
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4096)));
  return new Promise<void>((resolve, reject) => {
    let outcome: { ok: true } | { ok: false; error: Error } | undefined;
    const timer = setTimeout(() => {
      outcome ??= { ok: false, error: new ChildLimitError("time") };
      child.kill("SIGKILL");
    }, limits.timeoutMs);
    child.on("message", (message: ChildMessage<Event>) => {
      if (message.kind === "event") onEvent(message.event);
      else if (message.kind === "done") outcome ??= { ok: true };
      else outcome ??= { ok: false, error: new ChildFailedError(message.message, message.code) };
    });
    child.on("error", (error) => {
      outcome ??= { ok: false, error };
      // A process that never started sends no exit.
      if (child.pid === undefined) {
        clearTimeout(timer);
        reject(error);
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      // Killed and not by the timer: its watchdog (or the system, out of memory) ended it.
      if (signal === "SIGKILL" && !outcome) outcome = { ok: false, error: new ChildLimitError("memory") };
      if (!outcome) outcome = { ok: false, error: new Error(`the decoder stopped (${signal ?? `exit ${code}`}) without an answer: ${stderr.trim().slice(-500)}`) };
      if (outcome.ok) resolve();
      else reject(outcome.error);
    });
    child.send({ input });
  });
}
