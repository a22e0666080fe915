import os from "node:os";
import { performance } from "node:perf_hooks";
import { designToken } from "../testing/assets.js";
import { benchDesignFeeds } from "./bench-design-feeds.js";
import { benchEditing, editingSizes } from "./bench-editing.js";
import { benchExports } from "./bench-exports.js";
import { soak } from "./bench-soak.js";
import { benchSubscriptions, percentile, SUBSCRIPTIONS_PER_CONNECTION, SUBSCRIPTIONS_TITLE } from "./bench-subscriptions.js";
import { printCase, type RoundSettings } from "./bench/ab-rounds.js";
import { benchGatewayBound } from "./bench/gateway-bound.js";
import { benchProductPlatform } from "./bench/product-platform.js";
import { startLoadGenerator } from "./bench/processes.js";
import { machine, writeResults, type BenchResults } from "./bench/report.js";
import { goals } from "./bench/goals.js";
import { startBenchPlatform } from "./bench/one-process.js";
import { readCommandLine } from "../lib/process/command-line.js";

/**
 * `npm run bench`: every figure of the performance goals measured side by side in one run, as ratios
 * (A/B alternating rounds from a load generator process, medians): our gateway against a stock
 * @apollo/gateway on a gateway-bound workload and on the product's own graph, the gateway against the
 * subgraph it forwards to, the REST adapter against the GraphQL operation it runs; then subscriptions, live editing,
 * operations refused by the limits, SQL statements per request, exports, live design feeds and live editing. Writes
 * `bench-results/latest.json` and `latest.html`. `BENCH_QUICK=1`: a short run.
 */
readCommandLine(`Usage: npm run bench

Every performance figure measured side by side in one run, as ratios: our gateway against a stock
@apollo/gateway (a gateway-bound workload and the product's own graph), the gateway against the subgraph it
forwards to, the REST adapter against its GraphQL operation, subscriptions, refused operations, SQL
statements per request, exports, live design feeds, live editing. Writes bench-results/latest.json and latest.html.
BENCH_QUICK=1: a short run; BENCH_ROUNDS, BENCH_ROUND_MS, BENCH_WARMUP_MS, BENCH_CONCURRENCY,
BENCH_SUBSCRIBERS (of jobs, and of design feeds), BENCH_EDITORS, BENCH_EDITS_PER_SECOND, BENCH_EDITING_SECONDS, BENCH_SOAK_MINUTES: the sizes.`);

const QUICK = process.env.BENCH_QUICK === "1";
const number = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));
const settings: RoundSettings = {
  rounds: number("BENCH_ROUNDS", 5, 5),
  roundMs: number("BENCH_ROUND_MS", 5000, 1000),
  warmupMs: number("BENCH_WARMUP_MS", 3000, 1000),
  concurrency: number("BENCH_CONCURRENCY", 8, 8),
};
const results: BenchResults = { startedAt: new Date().toISOString(), quick: QUICK, machine: machine(), settings: { ...settings }, cases: [], summary: [], tables: [] };
const table = (title: string, rows: Record<string, string | number>[]) => {
  console.log(`\n${title}`);
  console.table(rows);
  results.tables.push({ title, rows });
};

const loadGenerator = startLoadGenerator();
try {
  results.cases.push(await benchGatewayBound(loadGenerator.run, settings));
  printCase(results.cases.at(-1)!);
  for (const result of await benchProductPlatform(loadGenerator.run, settings)) {
    results.cases.push(result);
    printCase(result);
  }
} finally {
  loadGenerator.stop();
}

const bench = await startBenchPlatform();
const { platform, http, people } = bench;
const gateway = `${platform.main.url}/graphql`;

async function post(body: unknown, status: number) {
  const response = await fetch(gateway, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${people.staff.token}` }, body: JSON.stringify(body) });
  if (response.status !== status) throw new Error(`${gateway}: ${response.status}, not ${status}`);
  await response.arrayBuffer();
}

/** Sequential latencies of each case, interleaved round after round (these are cheap: no load generator needed). */
async function interleaved(title: string, cases: { name: string; run: () => Promise<void> }[], perRound = QUICK ? 20 : 100) {
  const latencies = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round <= settings.rounds; round++) {
    for (const c of cases) {
      for (let i = 0; i < perRound; i++) {
        const start = performance.now();
        await c.run();
        if (round > 0) latencies.get(c.name)!.push(performance.now() - start); // round 0 warms up
      }
    }
  }
  table(title, cases.map(({ name }) => {
    const sorted = latencies.get(name)!.sort((a, b) => a - b);
    return { case: name, "p50 ms": percentile(sorted, 50).toFixed(2), "p99 ms": percentile(sorted, 99).toFixed(2) };
  }));
}

const aliased = (count: number, field: (i: number) => string) => Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(" ");
await interleaved("Abuse refused before any resolver: a one-field query against 200 aliased registrations and 1,000 aliased lists", [
  { name: "profile query (answered)", run: () => post({ query: `{ me { id name email roles createdAt } }` }, 200) },
  { name: "200 aliased registrations (refused)", run: () => post({ query: `mutation { ${aliased(200, (i) => `registerWithEmailPassword(input: { email: "bench${i}@example.com", password: "Sup3rSecret", name: "B" }) { userId }`)} }` }, 400) },
  { name: "1,000 aliased projects (refused)", run: () => post({ query: `{ ${aliased(1000, () => "projects { id }")} }` }, 400) },
]);

const db = platform.runtime.db.prisma;
const statementRows: Record<string, string | number>[] = [];
for (const target of [10, 100, 500]) {
  const existing = await db.project.count();
  for (let i = existing; i < target; i++) {
    const project = await db.project.create({ data: { name: `Bench ${i}`, clientId: people.client.userId } });
    await db.task.create({ data: { projectId: project.id, title: "t", assigneeId: people.staff.userId } });
  }
  const before = platform.runtime.db.statements.count;
  const start = performance.now();
  await post({ query: `{ projects { name client { name } tasks { title assignee { name } } } }` }, 200);
  statementRows.push({ projects: target, "SQL statements": platform.runtime.db.statements.count - before, ms: (performance.now() - start).toFixed(1) });
}
table("SQL statements of one federated request (projects → client, tasks → assignee) as the data grows", statementRows);

if (!QUICK) results.tables.push(await benchExports(platform, http, people));

const subscribers = number("BENCH_SUBSCRIBERS", 10_000, 200);
const tokens = [];
for (let i = 0; i < Math.ceil(subscribers / SUBSCRIPTIONS_PER_CONNECTION); i++) tokens.push(await designToken(http, people, people.client));
results.tables.push({ title: SUBSCRIPTIONS_TITLE(subscribers), rows: await benchSubscriptions(platform, tokens, people.client.userId, subscribers) });

results.tables.push(await benchDesignFeeds(platform, http, people, subscribers));

results.tables.push(await benchEditing(platform, http, people, editingSizes(QUICK)));

await bench.close();

// Soak: mixed REST traffic on a fresh one-process platform for a few minutes; p99 and memory per minute should stay flat.
const soakMinutes = number("BENCH_SOAK_MINUTES", 3, 0);
if (soakMinutes > 0) {
  const soaked = await soak({ minutes: soakMinutes });
  table(
    `Soak: ${soakMinutes} minutes of mixed traffic (${soaked.failures} failed requests)`,
    soaked.p99Ms.map((p99, minute) => ({ minute: minute + 1, requests: soaked.requests[minute], "p99 ms": p99, "RSS MB": soaked.rssMb[minute] })),
  );
}

results.finishedAt = new Date().toISOString();
results.machine.loadAverageAtEnd = os.loadavg();
results.summary = goals(results);
console.log("\nGoals, measured side by side in this run");
console.table(results.summary.map((s) => ({ ...s, met: s.met ? "yes" : "no" })));
const files = await writeResults(results);
console.log(`\nwritten: ${files.join(", ")} (load average ${results.machine.loadAverageAtStart.map((l) => l.toFixed(2)).join(" ")} at the start, ${results.machine.loadAverageAtEnd.map((l) => l.toFixed(2)).join(" ")} at the end, on ${os.cpus().length} CPUs: other work on the machine makes every figure noisy)`);
// Handles of the in-process platform's libraries may outlive its close; the run is over.
process.exit(0);
