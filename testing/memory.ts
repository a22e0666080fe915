import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export const MIB = 1024 * 1024;

/** The runtime's collector, exposed to this test process: chunks already passed on are freed while memory is sampled. */
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;

/**
 * The highest resident memory of this process (which runs the whole platform) while `work` runs,
 * above where it started. Each hop copies the chunks it passes on, and the runtime would free them
 * only at its next collection (with little else to collect, after about 100 MiB of them): sampling
 * after a young-generation collection measures what is held, not what awaits collection.
 */
export async function peakGrowth(work: () => Promise<void>): Promise<number> {
  collect({ type: "major" });
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    collect({ type: "minor" });
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - start;
}

/**
 * What this process's JavaScript holds after a full collection: its heap and the buffers it keeps
 * (resident memory would also count what the allocator has not yet given back to the system).
 */
export function heldMemory(): number {
  collect({ type: "major" });
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}
