import { progressBar } from "../../lib/process/progress.js";
import { percentile } from "../bench-subscriptions.js";
import type { LoadRequest, LoadResult } from "./load-generator.js";
import { cpuMs } from "./processes.js";

/** One side of a comparison: the request it is loaded with and the processes whose CPU it costs. */
export interface Side {
  name: string;
  request: Omit<LoadRequest, "concurrency" | "durationMs">;
  /** Every process that works for this side's requests (gateway and subgraphs): their CPU is the total. */
  pids: number[];
  /** The gateway's own process, whose CPU per request is also reported alone. */
  gatewayPid?: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per request, all of the side's processes. */
  cpuMsPerRequest: number;
  gatewayCpuMsPerRequest?: number;
  errors: number;
}

export interface CaseResult {
  id: string;
  title: string;
  sides: { name: string; rounds: Figures[]; median: Figures }[];
  /** The first side over the second, the median of the per-round ratios. */
  ratios: { rps: number; p50: number; p99: number; cpuMsPerRequest: number; gatewayCpuMsPerRequest?: number };
  /** What the figures mean against the issue's goals, in words. */
  target?: string;
  notes?: string[];
}

export interface RoundSettings {
  rounds: number;
  roundMs: number;
  warmupMs: number;
  concurrency: number;
}

export type Load = (load: LoadRequest) => Promise<LoadResult>;

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function round(load: Load, side: Side, settings: RoundSettings, durationMs: number): Promise<Figures> {
  const pids = [...new Set([...side.pids, ...(side.gatewayPid ? [side.gatewayPid] : [])])];
  const before = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  const result = await load({ ...side.request, concurrency: settings.concurrency, durationMs });
  const used = new Map(pids.map((pid) => [pid, cpuMs(pid) - before.get(pid)!]));
  const latencies = result.latencies.sort((a, b) => a - b);
  const perRequest = (ms: number) => ms / Math.max(1, result.requests);
  return {
    rps: (result.requests / result.elapsedMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMsPerRequest: perRequest(sum(side.pids.map((pid) => used.get(pid)!))),
    ...(side.gatewayPid && { gatewayCpuMsPerRequest: perRequest(used.get(side.gatewayPid)!) }),
    errors: result.errors,
  };
}

function medianFigures(rounds: Figures[]): Figures {
  const of = (key: keyof Figures) => median(rounds.map((figures) => figures[key] ?? NaN));
  const gateway = rounds[0]?.gatewayCpuMsPerRequest !== undefined ? { gatewayCpuMsPerRequest: of("gatewayCpuMsPerRequest") } : {};
  return { rps: of("rps"), p50: of("p50"), p99: of("p99"), cpuMsPerRequest: of("cpuMsPerRequest"), ...gateway, errors: sum(rounds.map((r) => r.errors)) };
}

/**
 * Two sides loaded alternately (A B, then B A, …) after a warm-up of each, so drift of a shared,
 * noisy machine falls on both alike; figures are medians over the rounds, ratios medians of each
 * round's ratio.
 */
export async function abRounds(load: Load, id: string, title: string, sides: [Side, Side], settings: RoundSettings, target?: string): Promise<CaseResult> {
  const progress = progressBar(id, 2 + 2 * settings.rounds, process.stderr);
  for (const side of sides) {
    await round(load, side, settings, settings.warmupMs);
    progress.advance(`warmed up: ${side.name}`);
  }
  const rounds: [Figures[], Figures[]] = [[], []];
  for (let r = 0; r < settings.rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      rounds[index].push(await round(load, sides[index], settings, settings.roundMs));
      progress.advance(`round ${r + 1}: ${sides[index].name}`);
    }
  }
  progress.stop();
  const ratioOf = (key: keyof Figures) => median(rounds[0].map((figures, r) => (figures[key] ?? NaN) / (rounds[1][r][key] ?? NaN)));
  const result: CaseResult = {
    id,
    title,
    sides: sides.map((side, index) => ({ name: side.name, rounds: rounds[index], median: medianFigures(rounds[index]) })),
    ratios: {
      rps: ratioOf("rps"),
      p50: ratioOf("p50"),
      p99: ratioOf("p99"),
      cpuMsPerRequest: ratioOf("cpuMsPerRequest"),
      ...(sides[0].gatewayPid && sides[1].gatewayPid && { gatewayCpuMsPerRequest: ratioOf("gatewayCpuMsPerRequest") }),
    },
    target,
  };
  return result;
}

const fixed = (value: number | undefined, digits = 2) => (value === undefined || Number.isNaN(value) ? "—" : value.toFixed(digits));

export function printCase(result: CaseResult): void {
  console.log(`\n${result.title}${result.target ? `\n  goal: ${result.target}` : ""}`);
  console.table([
    ...result.sides.map(({ name, median: m }) => ({
      side: name,
      "req/s": fixed(m.rps, 1),
      "p50 ms": fixed(m.p50),
      "p99 ms": fixed(m.p99),
      "CPU ms/req (all)": fixed(m.cpuMsPerRequest),
      "CPU ms/req (gateway)": fixed(m.gatewayCpuMsPerRequest),
      errors: m.errors,
    })),
    {
      side: `${result.sides[0].name} / ${result.sides[1].name}`,
      "req/s": `${fixed(result.ratios.rps)}×`,
      "p50 ms": `${fixed(result.ratios.p50)}×`,
      "p99 ms": `${fixed(result.ratios.p99)}×`,
      "CPU ms/req (all)": `${fixed(result.ratios.cpuMsPerRequest)}×`,
      "CPU ms/req (gateway)": result.ratios.gatewayCpuMsPerRequest === undefined ? "—" : `${fixed(result.ratios.gatewayCpuMsPerRequest)}×`,
      errors: "",
    },
  ]);
  for (const note of result.notes ?? []) console.log(`  ${note}`);
}
