import { progressBar } from "../lib/process/progress.js";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../lib/config.js";
import { startEmbedded } from "../gateway/embedded.js";
import { HttpClient } from "../testing/http.js";
import { registerPeople } from "../testing/people.js";
import { designToken } from "../testing/assets.js";
import { benchExports } from "./bench-exports.js";
import { benchSubscriptions, percentile, SUBSCRIPTIONS_PER_CONNECTION } from "./bench-subscriptions.js";
import { anyDirectPorts } from "../rest-adapter/services.js";

/**
 * `npm run bench`: the same work measured side by side in one run, as ratios — the REST adapter
 * against the GraphQL operation it runs, the gateway against the subgraph it forwards to — and the
 * SQL statements one federated request costs as the data grows. Bounded: a few seconds per case.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS_PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = 8;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-"));
// It measures throughput, not limits: one user follows every job, through one integration per connection.
const platform = await startEmbedded(
  loadConfig({ DATA_DIR: dataDir, PORT: "0", ...anyDirectPorts(), HOST: "127.0.0.1", LOG_LEVEL: "silent", JWT_SECRET: randomBytes(32).toString("hex"), LOGIN_MAX_FAILURES: "1000000", JOB_WORKERS: "0", INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000", ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) }),
);
const http = new HttpClient(platform.main.url);
const people = await registerPeople(http);
const token = people.staff.token;

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await response.arrayBuffer();
}
/** An operation the limits must refuse (400) before any resolver runs. */
async function refused(url: string, body: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (response.status !== 400) throw new Error(`${url}: ${response.status}, not refused`);
  await response.arrayBuffer();
}
async function get(url: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await response.arrayBuffer();
}

interface Case {
  name: string;
  run: () => Promise<void>;
}

async function measure(work: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS_PER_ROUND) {
        const start = performance.now();
        await work();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

/** Runs the cases interleaved, round after round, so load and warm-up affect each alike. */
async function compare(title: string, cases: Case[]) {
  const results = new Map<string, { ms: number; latencies: number[] }>(cases.map((c) => [c.name, { ms: 0, latencies: [] }]));
  const progress = progressBar(title, cases.length * (ROUNDS + 1));
  for (const c of cases) {
    await measure(c.run); // warm-up
    progress.advance(`warm-up: ${c.name}`);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const start = performance.now();
      const latencies = await measure(c.run);
      const entry = results.get(c.name)!;
      entry.ms += performance.now() - start;
      entry.latencies.push(...latencies);
      progress.advance(`round ${round + 1}: ${c.name}`);
    }
  }
  progress.stop();
  const baseline = results.get(cases[0].name)!;
  console.log(`\n${title}`);
  console.table(
    cases.map((c) => {
      const { ms, latencies } = results.get(c.name)!;
      const sorted = latencies.sort((a, b) => a - b);
      return {
        case: c.name,
        "req/s": Math.round((latencies.length / ms) * 1000),
        "p50 ms": percentile(sorted, 50).toFixed(2),
        "p99 ms": percentile(sorted, 99).toFixed(2),
        "time vs first": (ms / baseline.ms).toFixed(2),
      };
    }),
  );
}

const gateway = `${platform.main.url}/graphql`;
const accounts = `${platform.subgraphs.accounts.url}/graphql`;
const PROFILE = { query: `{ me { id name email roles createdAt } }` };

await compare("Profile: GraphQL through the gateway, straight to the subgraph, and the REST path", [
  { name: "gateway /graphql", run: () => post(gateway, PROFILE) },
  { name: "accounts subgraph /graphql", run: () => post(accounts, PROFILE) },
  { name: "REST GET /api/auth/profile", run: () => get(`${platform.main.url}/api/auth/profile`) },
]);

const aliased = (count: number, field: (i: number) => string) => Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(" ");
const REGISTRATIONS = {
  query: `mutation { ${aliased(200, (i) => `registerWithEmailPassword(input: { email: "bench${i}@example.com", password: "Sup3rSecret", name: "B" }) { userId }`)} }`,
};
const WIDE_QUERY = { query: `{ ${aliased(1000, () => "projects { id }")} }` };
await compare("Abuse refused before any resolver: a one-field query against 200 aliased registrations and 1,000 aliased lists", [
  { name: "profile query (answered)", run: () => post(gateway, PROFILE) },
  { name: "200 aliased registrations (refused)", run: () => refused(gateway, REGISTRATIONS) },
  { name: "1,000 aliased projects (refused)", run: () => refused(gateway, WIDE_QUERY) },
]);

const db = platform.runtime.db.prisma;
const FEDERATED = `{ projects { name client { name } tasks { title assignee { name } } } }`;
const statementRows: Record<string, string | number>[] = [];
for (const target of [10, 100, 500]) {
  const existing = await db.project.count();
  for (let i = existing; i < target; i++) {
    const project = await db.project.create({ data: { name: `Bench ${i}`, clientId: people.client.userId } });
    await db.task.create({ data: { projectId: project.id, title: "t", assigneeId: people.staff.userId } });
  }
  const before = platform.runtime.db.statements.count;
  const start = performance.now();
  await post(gateway, { query: FEDERATED });
  statementRows.push({ projects: target, "SQL statements": platform.runtime.db.statements.count - before, "ms": (performance.now() - start).toFixed(1) });
}
console.log("\nSQL statements of one federated request (projects → client, tasks → assignee) as the data grows");
console.table(statementRows);

await benchExports(platform, http, people);

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const tokens = [];
for (let i = 0; i < Math.ceil(subscribers / SUBSCRIPTIONS_PER_CONNECTION); i++) tokens.push(await designToken(http, people, people.client));
await benchSubscriptions(platform, tokens, people.client.userId, subscribers);

await platform.close();
await rm(dataDir, { recursive: true, force: true });
