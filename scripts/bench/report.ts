import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CaseResult } from "./ab-rounds.js";
import { escapeHtml } from "../../lib/html-page.js";

/** Everything one `npm run bench` measured, as written to `bench-results/latest.json`. */
export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  quick: boolean;
  machine: { node: string; cpus: number; loadAverageAtStart: number[]; loadAverageAtEnd?: number[] };
  settings: Record<string, number>;
  cases: CaseResult[];
  /** Goals of the figures, checked: figure, measured, goal, met. */
  summary: { figure: string; measured: string; goal: string; met: boolean }[];
  /** Tables of the benchmarks that are not A/B rounds (subscriptions, SQL statements, exports, …), by title. */
  tables: { title: string; rows: Record<string, string | number>[] }[];
}

const COLORS = ["#2f6fdf", "#e07b28", "#3a9a5b", "#a14bc9"];

interface BarGroup {
  label: string;
  values: { series: string; value: number }[];
}

/** A grouped bar chart as inline SVG: one group per label, one bar per series. */
export function barChart(title: string, unit: string, groups: BarGroup[]): string {
  const series = [...new Set(groups.flatMap((group) => group.values.map((v) => v.series)))];
  const max = Math.max(1e-9, ...groups.flatMap((group) => group.values.map((v) => (Number.isFinite(v.value) ? v.value : 0))));
  const [width, left, top] = [520, 56, 30];
  const bottom = 26 + 14 * series.length;
  const height = 200 + bottom;
  const groupWidth = (width - left - 10) / Math.max(1, groups.length);
  const barWidth = Math.min(40, (groupWidth - 12) / series.length);
  const y = (value: number) => top + (height - top - bottom) * (1 - value / max);
  const bars = groups.flatMap((group, g) =>
    group.values.map((v) => {
      const x = left + g * groupWidth + (groupWidth - series.length * barWidth) / 2 + series.indexOf(v.series) * barWidth;
      const value = Number.isFinite(v.value) ? v.value : 0;
      return `<rect x="${x.toFixed(1)}" y="${y(value).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(height - bottom - y(value)).toFixed(1)}" fill="${COLORS[series.indexOf(v.series) % COLORS.length]}"><title>${escapeHtml(`${v.series}: ${value.toFixed(2)} ${unit}`)}</title></rect>` +
        `<text x="${(x + barWidth / 2 - 1).toFixed(1)}" y="${(y(value) - 3).toFixed(1)}" font-size="9" text-anchor="middle">${value < 10 ? value.toFixed(2) : value.toFixed(0)}</text>`;
    }),
  );
  const labels = groups.map((group, g) => `<text x="${(left + g * groupWidth + groupWidth / 2).toFixed(1)}" y="${height - bottom + 14}" font-size="10" text-anchor="middle">${escapeHtml(group.label)}</text>`);
  const ticks = [0, 0.5, 1].map((f) => `<text x="${left - 4}" y="${(y(max * f) + 3).toFixed(1)}" font-size="9" text-anchor="end">${(max * f).toFixed(max * f < 10 ? 1 : 0)}</text><line x1="${left}" x2="${width - 10}" y1="${y(max * f).toFixed(1)}" y2="${y(max * f).toFixed(1)}" stroke="#ddd"/>`);
  const legend = series.map((name, i) => {
    const y = height - bottom + 22 + i * 14;
    return `<rect x="${left}" y="${y}" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/><text x="${left + 14}" y="${y + 9}" font-size="10">${escapeHtml(name)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}"><text x="${left}" y="16" font-size="12" font-weight="bold">${escapeHtml(title)} (${escapeHtml(unit)})</text>${ticks.join("")}${bars.join("")}${labels.join("")}${legend.join("")}</svg>`;
}

function table(rows: Record<string, string | number | boolean>[]): string {
  if (rows.length === 0) return "";
  const columns = Object.keys(rows[0]);
  return `<table><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>${rows.map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(String(row[c] ?? ""))}</td>`).join("")}</tr>`).join("")}</table>`;
}

const fixed = (value: number | undefined, digits = 2) => (value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits));

function caseSection(result: CaseResult): string {
  const rounds = result.sides[0].rounds.map((_r, i) => ({ label: `round ${i + 1}`, values: result.sides.map((side) => ({ series: side.name, value: side.rounds[i].rps })) }));
  const latency = ["p50", "p99"].map((key) => ({ label: key, values: result.sides.map((side) => ({ series: side.name, value: side.median[key as "p50" | "p99"] })) }));
  const cpu = [{ label: "all processes", values: result.sides.map((side) => ({ series: side.name, value: side.median.cpuMsPerRequest })) }];
  if (result.sides.every((side) => side.median.gatewayCpuMsPerRequest !== undefined)) {
    cpu.push({ label: "gateway process", values: result.sides.map((side) => ({ series: side.name, value: side.median.gatewayCpuMsPerRequest! })) });
  }
  const rows = [
    ...result.sides.map(({ name, median: m }) => ({ side: name, "req/s": fixed(m.rps, 1), "p50 ms": fixed(m.p50), "p99 ms": fixed(m.p99), "CPU ms/req (all)": fixed(m.cpuMsPerRequest), "CPU ms/req (gateway)": fixed(m.gatewayCpuMsPerRequest), errors: m.errors })),
    { side: "ratio (first / second)", "req/s": fixed(result.ratios.rps), "p50 ms": fixed(result.ratios.p50), "p99 ms": fixed(result.ratios.p99), "CPU ms/req (all)": fixed(result.ratios.cpuMsPerRequest), "CPU ms/req (gateway)": fixed(result.ratios.gatewayCpuMsPerRequest), errors: "" },
  ];
  return `<section><h2>${escapeHtml(result.title)}</h2>${result.target ? `<p>Goal: ${escapeHtml(result.target)}</p>` : ""}${table(rows)}
<div class="charts">${barChart("Throughput per round", "req/s", rounds)}${barChart("Latency, median of rounds", "ms", latency)}${barChart("CPU per request", "ms", cpu)}</div>
${(result.notes ?? []).map((note) => `<p class="note">${escapeHtml(note)}</p>`).join("")}</section>`;
}

function tableSection({ title, rows }: BenchResults["tables"][number]): string {
  const delays = rows.filter((row) => "p99 delay ms" in row);
  const chart = delays.length
    ? barChart("Delivery delay", "ms", ["p50 delay ms", "p99 delay ms"].map((key) => ({ label: key.split(" ")[0], values: delays.map((row) => ({ series: String(row.path), value: Number(row[key]) })) })))
    : "";
  return `<section><h2>${escapeHtml(title)}</h2>${table(rows)}<div class="charts">${chart}</div></section>`;
}

export function renderHtml(results: BenchResults): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>npm run bench — ${escapeHtml(results.startedAt)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}td:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:12px}.note{color:#555}.met{color:#1a7f37}.missed{color:#b42318}</style></head><body>
<h1>npm run bench</h1><p>${escapeHtml(results.startedAt)} → ${escapeHtml(results.finishedAt ?? "")}; Node ${escapeHtml(results.machine.node)}, ${results.machine.cpus} CPUs, load average at start ${results.machine.loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")}, at the end ${(results.machine.loadAverageAtEnd ?? []).map((l) => l.toFixed(2)).join(" ")} (a machine shared with other work makes every figure noisy; compare the ratios, measured side by side)${results.quick ? "; <b>quick run</b> (BENCH_QUICK)" : ""}. Figures are medians of alternating rounds; ratios are medians of each round's ratio.</p>
<h2>Goals</h2>${table(results.summary.map((s) => ({ figure: s.figure, measured: s.measured, goal: s.goal, met: s.met ? "yes" : "no" })))}
${results.cases.map(caseSection).join("\n")}
${results.tables.map(tableSection).join("\n")}
</body></html>`;
}

/** Writes `bench-results/latest.json` and `bench-results/latest.html` (and a copy of each named by the start time). */
export async function writeResults(results: BenchResults, dir = "bench-results"): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, "-");
  const files = [path.join(dir, "latest.json"), path.join(dir, "latest.html"), path.join(dir, `${stamp}.json`), path.join(dir, `${stamp}.html`)];
  const json = JSON.stringify(results, null, 2);
  const html = renderHtml(results);
  await Promise.all(files.map((file) => writeFile(file, file.endsWith(".json") ? json : html)));
  return files.slice(0, 2);
}

export function machine(): BenchResults["machine"] {
  return { node: process.versions.node, cpus: os.cpus().length, loadAverageAtStart: os.loadavg() };
}
