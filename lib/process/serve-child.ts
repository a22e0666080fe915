import { Worker } from "node:worker_threads";
import type { ChildMessage } from "./bounded-child.js";

/**
 * Watches this process's resident memory from a thread of its own (decoders block the main thread
 * while they expand data) and ends the process past the limit `runBoundedChild` gave it.
 */
function watchMemory(limitBytes: number): void {
  const watchdog = new Worker(
    `const { workerData } = require("node:worker_threads");
     const check = () => { if (process.memoryUsage.rss() > workerData.limit) process.kill(process.pid, "SIGKILL"); };
     setInterval(check, 5);`,
    { eval: true, execArgv: [], workerData: { limit: limitBytes } },
  );
  watchdog.unref();
}

const send = <Event>(message: ChildMessage<Event>) => new Promise<void>((resolve) => process.send!(message, undefined, undefined, () => resolve()));

/**
 * The child side of `runBoundedChild`: takes the one input, runs `work` (which may send events),
 * answers `done` or `failed` (with the error's `code`, when it has one), then exits.
 */
export function serveChild<Input, Event>(work: (input: Input, emit: (event: Event) => Promise<void>) => Promise<void>): void {
  // runBoundedChild passes the memory limit as the only argument.
  const limit = Number(process.argv[2]);
  if (limit > 0) watchMemory(limit);
  process.once("message", async ({ input }: { input: Input }) => {
    try {
      await work(input, (event) => send({ kind: "event", event }));
      await send({ kind: "done" });
    } catch (error) {
      const { message, code } = error as Error & { code?: unknown };
      await send({ kind: "failed", message: String(message), ...(typeof code === "string" ? { code } : {}) });
    }
    process.exit(0);
  });
}
