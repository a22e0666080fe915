import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { BENCHMARK_QUERY, composeMemorySupergraph, MEMORY_SUBGRAPHS } from "../../testing/memory-federation.js";
import { freePort, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";
import { abRounds, type CaseResult, type Load, type RoundSettings } from "./ab-rounds.js";
import { processGroup, startListening } from "./processes.js";

/** The gateway-bound workload's processes: four memory subgraphs and two gateways over them. */
export interface GatewayBoundWorkload {
  subgraphs: Child[];
  stock: { child: Child; url: string };
  ours: { child: Child; url: string };
  stop(): Promise<void>;
}

/** The benchmark query's request, as both gateways are sent it. */
export const BENCHMARK_REQUEST = {
  method: "POST" as const,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ query: BENCHMARK_QUERY, operationName: "Benchmark" }),
};

/**
 * Each memory subgraph as its own process, composed into a supergraph file; the stock Apollo
 * Gateway and ours (`gateway/index.ts` with SUPERGRAPH_FILE) over it, one process each on this Node.
 * The subgraphs `memoize` their answers (see startMemorySubgraph) unless told not to.
 */
export async function startGatewayBoundWorkload({ memoize = true } = {}): Promise<GatewayBoundWorkload> {
  return processGroup("gateway-bound-", async (dir, children) => {
    const urls: Record<string, string> = {};
    for (const name of Object.keys(MEMORY_SUBGRAPHS)) {
      const subgraph = await startListening(["scripts/bench/memory-subgraph.ts", name, ...(memoize ? ["memoize"] : [])]);
      children.push(subgraph.child);
      urls[name] = subgraph.url;
    }
    const supergraphFile = path.join(dir, "supergraph.graphql");
    await writeFile(supergraphFile, composeMemorySupergraph(urls));
    const stock = await startListening("scripts/bench/stock-gateway.ts", { SUPERGRAPH_FILE: supergraphFile });
    children.push(stock.child);
    const port = await freePort();
    const ours = startProcess("gateway/index.ts", {
      SUPERGRAPH_FILE: supergraphFile,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      // The query's estimated cost (lists of lists at the default list size) is above the default limit.
      GRAPHQL_MAX_COST: "10000000",
    });
    children.push(ours);
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, ours);
    return { subgraphs: children.slice(0, -2), stock: { child: stock.child, url: stock.url }, ours: { child: ours, url: `http://127.0.0.1:${port}/graphql` } };
  });
}

/** The body each gateway answers the benchmark query with. */
export async function benchmarkBodies(workload: GatewayBoundWorkload): Promise<{ stock: string; ours: string }> {
  const answer = async (url: string) => {
    const response = await fetch(url, BENCHMARK_REQUEST);
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.text();
  };
  return { stock: await answer(workload.stock.url), ours: await answer(workload.ours.url) };
}

/**
 * Requests in flight on the gateway-bound workload: the 50 connections of the workload the goal is set
 * on (many clients asking the same thing at once, where routers share in-flight subgraph fetches).
 */
export const GATEWAY_BOUND_CONCURRENCY = Number(process.env.BENCH_GATEWAY_CONCURRENCY ?? 50);

/** Ours against the stock gateway on the gateway-bound workload; throws when their answers differ. */
export async function benchGatewayBound(load: Load, roundSettings: RoundSettings): Promise<CaseResult> {
  const settings = { ...roundSettings, concurrency: GATEWAY_BOUND_CONCURRENCY };
  const workload = await startGatewayBoundWorkload();
  try {
    const bodies = await benchmarkBodies(workload);
    if (bodies.ours !== bodies.stock) {
      throw new Error(`the gateways answer the benchmark query differently (ours ${bodies.ours.length} bytes, stock ${bodies.stock.length}):\nours:  ${bodies.ours.slice(0, 400)}\nstock: ${bodies.stock.slice(0, 400)}`);
    }
    const subgraphPids = workload.subgraphs.map((child) => child.process.pid!);
    const side = (name: string, gateway: { child: Child; url: string }) => ({
      name,
      request: { url: gateway.url, ...BENCHMARK_REQUEST },
      pids: [gateway.child.process.pid!, ...subgraphPids],
      gatewayPid: gateway.child.process.pid!,
    });
    const result = await abRounds(
      load,
      "gateway-bound",
      `Gateway-bound workload: four in-memory subgraph processes, a nested query crossing all of them (${(bodies.ours.length / 1024).toFixed(1)} KB answer, byte-identical from both)`,
      [side("ours", workload.ours), side("stock @apollo/gateway", workload.stock)],
      settings,
      "req/s ours/stock ≥ 8, p99 ratio ≤ 0.25",
    );
    result.notes = [
      `answer: ${bodies.ours.length} bytes, identical from both gateways; concurrency ${settings.concurrency}; both gateways on Node ${process.versions.node}`,
      "the subgraphs answer a request body seen before with their first answer's bytes, so they cost little: \"CPU ms/req (all)\" minus \"(gateway)\" is theirs",
    ];
    return result;
  } finally {
    await workload.stop();
  }
}
