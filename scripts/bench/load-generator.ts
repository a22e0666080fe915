import http from "node:http";
import { performance } from "node:perf_hooks";

/**
 * The load generator, in a process of its own (forked with IPC) so its work is not counted in any
 * server's CPU time: for each `LoadRequest` message it keeps `concurrency` requests in flight for
 * `durationMs` over keep-alive connections and answers with every latency.
 */
export interface LoadRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  /** Answers that were not 200, or connections that failed. */
  errors: number;
  elapsedMs: number;
  /** Milliseconds, one per answered request. */
  latencies: number[];
}

function once(agent: http.Agent, target: URL, load: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(target, { method: load.method, headers: load.headers, agent }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(load.body);
  });
}

async function run(load: LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.concurrency });
  const target = new URL(load.url);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const deadline = start + load.durationMs;
  await Promise.all(
    Array.from({ length: load.concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const status = await once(agent, target, load).catch(() => 0);
        if (status === 200) latencies.push(performance.now() - sent);
        else errors++;
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  agent.destroy();
  return { requests: latencies.length, errors, elapsedMs, latencies };
}

process.on("message", (load: LoadRequest) => {
  void run(load).then((result) => process.send!(result));
});
