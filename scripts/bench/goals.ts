import type { CaseResult } from "./ab-rounds.js";
import type { BenchResults } from "./report.js";

/** How the live-editing table's title starts. */
export const EDITING_TABLE = "Live editing:";

/** How the design-feeds table's title starts. */
export const DESIGN_FEEDS_TABLE = "Live design feeds:";

const times = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? "—" : `${value.toFixed(2)}×`);

/** The performance goals, each with the figure this run measured for it. */
export function goals(results: BenchResults): BenchResults["summary"] {
  const byId = (id: string): CaseResult | undefined => results.cases.find((c) => c.id === id);
  const summary: BenchResults["summary"] = [];
  const ratio = (id: string, figure: string, key: keyof CaseResult["ratios"], goal: string, met: (value: number) => boolean) => {
    const value = byId(id)?.ratios[key];
    if (value !== undefined) summary.push({ figure, measured: times(value), goal, met: met(value) });
  };
  ratio("gateway-bound", "gateway-bound req/s, ours / stock", "rps", "≥ 8×", (v) => v >= 8);
  ratio("gateway-bound", "gateway-bound p99, ours / stock", "p99", "≤ 0.25×", (v) => v <= 0.25);
  ratio("gateway-bound", "gateway-bound gateway CPU per request, ours / stock", "gatewayCpuMsPerRequest", "(informative)", () => true);
  ratio("product-graph", "product graph CPU per request (all processes), ours / stock", "cpuMsPerRequest", "≤ 0.35×", (v) => v <= 0.35);
  ratio("product-graph", "product graph req/s, ours / stock", "rps", "≥ 2×", (v) => v >= 2);
  ratio("one-fetch", "one-fetch p99, gateway / subgraph", "p99", "≤ 1.2×", (v) => v <= 1.2);
  ratio("rest-adapter", "REST p99, adapter / GraphQL operation", "p99", "≤ 1.05×", (v) => v <= 1.05);
  const subscriptions = results.tables.find((t) => t.title.includes("subscribers"))?.rows.find((row) => String(row.path).includes("gateway"));
  if (subscriptions) {
    const p99 = Number(subscriptions["p99 delay ms"]);
    const kb = Number(subscriptions["heap per subscription KB"]);
    const delivered = Number(subscriptions["events delivered"]) === Number(subscriptions.subscribers);
    summary.push({ figure: `subscriptions: p99 publication → delivery (${subscriptions.subscribers} subscribers)`, measured: `${p99.toFixed(0)} ms`, goal: "≤ 1000 ms", met: p99 <= 1000 });
    summary.push({ figure: "subscriptions: events delivered", measured: `${subscriptions["events delivered"]} / ${subscriptions.subscribers}`, goal: "all", met: delivered });
    summary.push({ figure: "subscriptions: heap per subscription", measured: `${kb.toFixed(2)} KB`, goal: "≤ 4 KB", met: kb <= 4 });
  }
  const feeds = results.tables.find((t) => t.title.startsWith(DESIGN_FEEDS_TABLE))?.rows[0];
  if (feeds) {
    const p99 = Number(feeds["p99 delay ms"]);
    const kb = Number(feeds["heap per subscription KB"]);
    summary.push({ figure: `design feeds: p99 editDesign answered → designChanged (${feeds.subscribers} subscribers)`, measured: `${p99.toFixed(0)} ms`, goal: "≤ 1000 ms", met: p99 <= 1000 });
    summary.push({
      figure: "design feeds: messages delivered (edits refused)",
      measured: `${feeds["messages delivered"]} / ${feeds.subscribers} (${feeds["edits refused"]})`,
      goal: "all (0)",
      met: Number(feeds["messages delivered"]) === Number(feeds.subscribers) && Number(feeds["edits refused"]) === 0,
    });
    summary.push({ figure: "design feeds: heap per subscription", measured: `${kb.toFixed(2)} KB`, goal: "≤ 4 KB", met: kb <= 4 });
  }
  const editing = results.tables.find((t) => t.title.startsWith(EDITING_TABLE))?.rows[0];
  if (editing) summary.push(...editingGoals(editing));
  return summary;
}

/** The goals of live editing, from its row: p99 ≤ 200 ms, nothing lost, ≤ 10 KB of heap per subscription. */
export function editingGoals(row: Record<string, string | number>): BenchResults["summary"] {
  const p99 = Number(row["p99 delay ms"]);
  const kb = Number(row["heap per subscription KB"]);
  const missed = Number(row.lost) + Number(row.duplicated) + Number(row["out of order"]);
  const refused = Number(row["edits refused"]);
  return [
    { figure: `live editing: p99 editDesign answered → designChanged (${row.editors} editors)`, measured: `${p99.toFixed(0)} ms`, goal: "≤ 200 ms", met: p99 <= 200 },
    {
      figure: "live editing: versions lost, duplicated or out of order (edits refused)",
      measured: `${row.lost} / ${row.duplicated} / ${row["out of order"]} of ${row["deliveries owed"]} (${refused})`,
      goal: "0 (0)",
      met: missed === 0 && refused === 0 && Number(row["deliveries owed"]) > 0,
    },
    { figure: "live editing: heap per editor subscription", measured: `${kb.toFixed(2)} KB`, goal: "≤ 10 KB", met: kb <= 10 },
  ];
}
