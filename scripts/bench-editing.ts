import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { readCommandLine } from "../lib/process/command-line.js";
import type { EmbeddedPlatform } from "../platform/embedded.js";
import { registerAndLogin } from "../testing/accounts.js";
import { designToken } from "../testing/assets.js";
import { DESIGN_SCOPES, joinTeamOf } from "../testing/designs.js";
import type { HttpClient } from "../testing/http.js";
import { approvedIntegration } from "../testing/oauth.js";
import type { People } from "../testing/people.js";
import { percentile } from "./bench-subscriptions.js";
import { editDeliveries } from "./bench/edit-deliveries.js";
import { EDITING_TABLE, editingGoals } from "./bench/goals.js";
import type { EditorsThreadCommand, EditorsThreadInput, EditorsThreadMessage, EditorsThreadReport } from "./bench/editors-thread.js";
import { objectHeapUsed } from "./bench/heap.js";
import { startBenchPlatform } from "./bench/one-process.js";

export interface EditingSizes {
  editors: number;
  /** Edits per second, all editors together. */
  editsPerSecond: number;
  /** Seconds of edits measured, after `warmupSeconds` of edits that are checked but not timed. */
  seconds: number;
  warmupSeconds: number;
}

/** Pages of the shared design: the editors' text boxes are spread over them (a page holds at most 500 elements). */
const PAGES = 10;
const SETTLE_MS = 30_000;

export const EDITING_TITLE = ({ editors, editsPerSecond, seconds }: EditingSizes) =>
  `${EDITING_TABLE} ${editors} editors of one team on one design, ${editsPerSecond} edits/s in total for ${seconds} s, each following designChanged through the gateway`;

/**
 * The editors: the cast's client and `count - 1` new users moved into the client's team, each with a
 * design token of one integration; and a second token of the client, for the watcher.
 */
async function teamTokens(platform: EmbeddedPlatform, http: HttpClient, people: People, count: number): Promise<{ tokens: string[]; watcherToken: string }> {
  const integration = await approvedIntegration(http, people, DESIGN_SCOPES);
  const tokens = [await designToken(http, people, people.client, DESIGN_SCOPES, integration)];
  for (let i = 1; i < count; i++) {
    const editor = await registerAndLogin(http, undefined, `Editor ${i + 1}`);
    tokens.push(await designToken(http, people, editor, DESIGN_SCOPES, integration));
    await joinTeamOf(platform.runtime.db.prisma, editor.userId, people.client.userId);
  }
  return { tokens, watcherToken: await designToken(http, people, people.client, DESIGN_SCOPES, integration) };
}

async function sharedDesign(http: HttpClient, token: string): Promise<{ designId: string; pageIds: string[] }> {
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await http.graphql(query, variables, token);
    if (response.status !== 200 || response.body.errors) throw new Error(`design: ${response.text}`);
    return response.body.data;
  };
  const { createDesign } = await run(`mutation { createDesign(input: { title: "Shared deck", designType: { type: preset, name: presentation } }) { id } }`);
  const { editDesign } = await run(`mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { design { pages { id } } } }`, {
    id: createDesign.id,
    ops: Array.from({ length: PAGES - 1 }, () => ({ addPage: {} })),
  });
  return { designId: createDesign.id, pageIds: editDesign.design.pages.map((page: { id: string }) => page.id) };
}

/** The editors' thread (its own heap, so this thread's growth is what the platform keeps per subscription) and its messages. */
function startEditors(input: EditorsThreadInput) {
  const thread = new Worker(new URL("./bench/editors-thread.ts", import.meta.url), { workerData: input });
  const failed = new Promise<never>((_resolve, reject) => {
    thread.on("error", reject);
    thread.on("message", (message: EditorsThreadMessage) => message.type === "failed" && reject(new Error(`editors: ${message.message}`)));
  });
  failed.catch(() => undefined);
  const next = <T extends EditorsThreadMessage["type"]>(type: T, timeoutMs: number) =>
    Promise.race([
      failed,
      new Promise<Extract<EditorsThreadMessage, { type: T }>>((resolve) => thread.on("message", (message: EditorsThreadMessage) => message.type === type && resolve(message as never))),
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`editors: no "${type}" within ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
  return { next, send: (command: EditorsThreadCommand) => thread.postMessage(command), stop: () => thread.terminate() };
}

const connectionsOf = (platform: EmbeddedPlatform) => new Promise<number>((resolve, reject) => platform.main.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** Until the platform has closed the rehearsal's connections (they are back to `count`) and let go of their subscriptions. */
async function rehearsalLeft(platform: EmbeddedPlatform, count: number): Promise<void> {
  for (let waited = 0; (await connectionsOf(platform)) > count || platform.main.subscriptions.activeSubscriptions > 1; waited += 50) {
    if (waited > 30_000) throw new Error(`the rehearsal's connections did not close: ${await connectionsOf(platform)} open, ${count} before`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the platform did meanwhile: its executions of subscriptions, SQL statements, and this thread's CPU time. */
interface PlatformWork {
  executions: number;
  statements: number;
  cpuMs: number;
  wallMs: number;
}

function platformWork(platform: EmbeddedPlatform): () => PlatformWork {
  const executions = platform.main.subscriptions.executions;
  const statements = platform.runtime.db.statements.count;
  const cpu = process.threadCpuUsage();
  const startedAt = performance.now();
  return () => {
    const { user, system } = process.threadCpuUsage(cpu);
    return {
      executions: platform.main.subscriptions.executions - executions,
      statements: platform.runtime.db.statements.count - statements,
      cpuMs: (user + system) / 1000,
      wallMs: performance.now() - startedAt,
    };
  };
}

function row(sizes: EditingSizes, report: EditorsThreadReport, heapBytes: number, work: PlatformWork) {
  const deliveries = editDeliveries(report);
  const sorted = deliveries.latenciesMs.sort((a, b) => a - b);
  const accepted = report.accepted.length;
  return {
    path: "editDesign answered → designChanged via gateway",
    editors: sizes.editors,
    "edits accepted": accepted,
    "edits refused": report.refused.length,
    "deliveries owed": deliveries.owed,
    lost: deliveries.lost,
    duplicated: deliveries.duplicated,
    "out of order": deliveries.outOfOrder,
    "p50 delay ms": percentile(sorted, 50).toFixed(1),
    "p99 delay ms": percentile(sorted, 99).toFixed(1),
    "max delay ms": (sorted.at(-1) ?? NaN).toFixed(1),
    "heap per subscription KB": (heapBytes / sizes.editors / 1024).toFixed(2),
    "executions per edit": (work.executions / Math.max(1, accepted)).toFixed(1),
    "SQL statements per edit": (work.statements / Math.max(1, accepted)).toFixed(1),
    "platform CPU ms per edit": (work.cpuMs / Math.max(1, accepted)).toFixed(2),
    "platform CPU % of a core": ((work.cpuMs / work.wallMs) * 100).toFixed(0),
  };
}

/**
 * `editors` users of one team edit one design together at `editsPerSecond` in total (text boxes added,
 * moved, retyped), each following `designChanged` on its own graphql-ws connection: delay from an
 * edit's answer to each subscriber's message, versions lost, duplicated or out of order, the
 * platform's heap per subscription (its connection included; measured after a rehearsal in which
 * every editor followed once and left, with a watcher following, so what is made once — the twin's
 * plan, compiled code — is not counted per editor) and its CPU (this thread: the gateway, the
 * subgraphs, PGlite).
 */
export async function benchEditing(platform: EmbeddedPlatform, http: HttpClient, people: People, sizes: EditingSizes): Promise<{ title: string; rows: ReturnType<typeof row>[] }> {
  const { tokens, watcherToken } = await teamTokens(platform, http, people, sizes.editors);
  const design = await sharedDesign(http, tokens[0]);
  const editors = startEditors({
    url: platform.main.url,
    ...design,
    tokens,
    watcherToken,
    editsPerSecond: sizes.editsPerSecond,
    warmupMs: sizes.warmupSeconds * 1000,
    measuredMs: sizes.seconds * 1000,
    settleMs: SETTLE_MS,
  });
  try {
    await editors.next("watching", 60_000);
    const connections = await connectionsOf(platform);
    editors.send("rehearse");
    await editors.next("rehearsed", 120_000);
    await rehearsalLeft(platform, connections);
    const heapBefore = objectHeapUsed();
    editors.send("follow");
    await editors.next("live", 120_000);
    const gatewayHeap = objectHeapUsed() - heapBefore;
    const work = platformWork(platform);
    editors.send("edit");
    const { report } = await editors.next("done", (sizes.warmupSeconds + sizes.seconds) * 1000 + SETTLE_MS + 60_000);
    const rows = [row(sizes, report, gatewayHeap, work())];
    if (report.errors.length) console.warn(`subscribers' errors (${report.errors.length}): ${report.errors.slice(0, 3).join("; ")}`);
    editors.send("close");
    await editors.next("closed", 30_000);
    console.log(`\n${EDITING_TITLE(sizes)}`);
    console.table(rows);
    return { title: EDITING_TITLE(sizes), rows };
  } finally {
    await editors.stop();
  }
}

/** The sizes from the environment: BENCH_EDITORS (50), BENCH_EDITS_PER_SECOND (20), BENCH_EDITING_SECONDS (30; 10 in a quick run). */
export function editingSizes(quick: boolean): EditingSizes {
  const number = (name: string, full: number, short = full) => Number(process.env[name] ?? (quick ? short : full));
  return { editors: number("BENCH_EDITORS", 50), editsPerSecond: number("BENCH_EDITS_PER_SECOND", 20), seconds: number("BENCH_EDITING_SECONDS", 30, 10), warmupSeconds: 3 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  readCommandLine(`Usage: npm run bench:editing

Only the live-editing part of npm run bench, on a fresh one-process platform: BENCH_EDITORS (50) editors
of one team on one design, BENCH_EDITS_PER_SECOND (20) edits a second in total for BENCH_EDITING_SECONDS
(30) seconds. Prints the figures and the goals; exits 1 when a goal is missed.`);
  const bench = await startBenchPlatform();
  const { rows } = await benchEditing(bench.platform, bench.http, bench.people, editingSizes(process.env.BENCH_QUICK === "1"));
  await bench.close();
  const goals = editingGoals(rows[0]);
  console.table(goals.map((goal) => ({ ...goal, met: goal.met ? "yes" : "no" })));
  process.exit(goals.every((goal) => goal.met) ? 0 : 1);
}
