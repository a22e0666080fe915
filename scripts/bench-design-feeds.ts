import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { EmbeddedPlatform } from "../platform/embedded.js";
import { designToken } from "../testing/assets.js";
import { DESIGN_SCOPES } from "../testing/designs.js";
import type { HttpClient } from "../testing/http.js";
import { approvedIntegration } from "../testing/oauth.js";
import type { People } from "../testing/people.js";
import { percentile, SUBSCRIPTIONS_PER_CONNECTION } from "./bench-subscriptions.js";
import { EDIT_DESIGN, FOLLOW_DESIGN } from "./bench/editing-workload.js";
import { DESIGN_FEEDS_TABLE } from "./bench/goals.js";
import { objectHeapUsed } from "./bench/heap.js";

/** Designs one integration may create a minute (the design platform's documented limit). */
const DESIGNS_PER_MINUTE = 20;

const now = () => performance.timeOrigin + performance.now();

/**
 * The followers run in a worker thread (their own heap). Every connection follows every design; each
 * follower reports when all streams have their first message, then the arrival of each later version.
 */
const FOLLOWERS_THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { createClient } = require(workerData.graphqlWs);
const WebSocket = require(workerData.ws);
/** Designs one integration may create a minute (the design platform's documented limit). */
const DESIGNS_PER_MINUTE = 20;

const now = () => performance.timeOrigin + performance.now();
const clients = workerData.tokens.map((token) => createClient({
  url: workerData.url, webSocketImpl: WebSocket, retryAttempts: 0,
  connectionParams: { authorization: "Bearer " + token } }));
const total = clients.length * workerData.designIds.length;
let started = 0;
const arrivals = [], errors = [];
clients.forEach((client) => workerData.designIds.forEach((id) => {
  let first = true;
  client.subscribe({ query: workerData.query, variables: { id } }, {
    next: (result) => {
      const version = result.data && result.data.designChanged && result.data.designChanged.version;
      if (typeof version !== "number") return void errors.push(JSON.stringify(result).slice(0, 200));
      if (first) { first = false; if (++started === total) parentPort.postMessage({ type: "live" }); return; }
      arrivals.push([id, version, now()]);
      if (arrivals.length === total) parentPort.postMessage({ type: "arrived", arrivals, errors });
    },
    error: (error) => errors.push(String(error && error.message || error)),
    complete: () => undefined });
}));
parentPort.on("message", async () => { for (const c of clients) await c.dispose(); parentPort.postMessage({ type: "closed" }); });
`;

/** Designs of the client's team: an integration makes at most 20 a minute, so each 20 are made through one more. */
async function createDesigns(http: HttpClient, people: People, count: number): Promise<string[]> {
  const ids: string[] = [];
  let token = "";
  for (let i = 0; i < count; i++) {
    if (i % DESIGNS_PER_MINUTE === 0) token = await designToken(http, people, people.client, DESIGN_SCOPES, await approvedIntegration(http, people, DESIGN_SCOPES));
    const response = await http.graphql(`mutation { createDesign(input: { title: "Feed ${i}", designType: { type: preset, name: presentation } }) { id } }`, {}, token);
    if (response.status !== 200 || response.body.errors) throw new Error(`design: ${response.text}`);
    ids.push(response.body.data.createDesign.id);
  }
  return ids;
}

/**
 * `subscribers` subscriptions to `designChanged`: a hundred connections of the client's team, each
 * following every one of `subscribers / 100` designs; then one edit of each design, all sent at once.
 * Delay from each edit's answer to each follower's message, versions delivered, heap per subscription.
 * Each connection's token is of an integration of its own: every subscription's first read counts
 * against `designChanged`'s limit (100 a minute per integration and user).
 */
export async function benchDesignFeeds(platform: EmbeddedPlatform, http: HttpClient, people: People, subscribers: number): Promise<{ title: string; rows: Record<string, string | number>[] }> {
  const tokens: string[] = [];
  for (let i = 0; i < Math.min(SUBSCRIPTIONS_PER_CONNECTION, subscribers); i++) tokens.push(await designToken(http, people, people.client, DESIGN_SCOPES, await approvedIntegration(http, people, DESIGN_SCOPES)));
  const designIds = await createDesigns(http, people, Math.ceil(subscribers / tokens.length));
  const heapBefore = objectHeapUsed();
  const require = createRequire(import.meta.url);
  const thread = new Worker(FOLLOWERS_THREAD, {
    eval: true,
    workerData: { url: `${platform.main.url.replace(/^http/, "ws")}/graphql`, tokens, designIds, query: FOLLOW_DESIGN, graphqlWs: require.resolve("graphql-ws"), ws: require.resolve("ws") },
  });
  const message = (type: string, timeoutMs: number) =>
    Promise.race([
      new Promise<any>((resolve) => thread.on("message", (m) => m.type === type && resolve(m))),
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`design feeds: no "${type}" within ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
  try {
    await message("live", 180_000);
    const heap = objectHeapUsed() - heapBefore;
    const arrived = message("arrived", 60_000).catch(() => ({ arrivals: [], errors: ["not all versions arrived within 60 s"] }));
    const answeredAt = new Map<string, number>();
    const refused: string[] = [];
    await Promise.all(
      designIds.map(async (id, i) => {
        const response = await http.graphql(EDIT_DESIGN, { id, ops: [{ addPage: {} }] }, tokens[i % tokens.length]);
        if (response.status !== 200 || response.body.errors) return void refused.push(response.text.slice(0, 200));
        answeredAt.set(`${id}\u0000${response.body.data.editDesign.version}`, now());
      }),
    );
    const { arrivals, errors } = (await arrived) as { arrivals: [string, number, number][]; errors: string[] };
    const delays = arrivals.flatMap(([id, version, at]) => {
      const answered = answeredAt.get(`${id}\u0000${version}`);
      return answered === undefined ? [] : [at - answered];
    });
    const sorted = delays.sort((a, b) => a - b);
    const rows = [
      {
        path: "editDesign answered → designChanged via gateway",
        subscribers: tokens.length * designIds.length,
        designs: designIds.length,
        "edits refused": refused.length,
        "messages delivered": delays.length,
        "p50 delay ms": percentile(sorted, 50).toFixed(1),
        "p99 delay ms": percentile(sorted, 99).toFixed(1),
        "heap per subscription KB": (heap / (tokens.length * designIds.length) / 1024).toFixed(2),
      },
    ];
    if (errors.length || refused.length) console.warn(`design feeds: ${errors.length} errors, ${refused.length} edits refused: ${[...errors, ...refused].slice(0, 3).join("; ")}`);
    const title = `${DESIGN_FEEDS_TABLE} ${rows[0].subscribers} subscribers (${tokens.length} connections, each following ${designIds.length} designs), one edit of every design at once`;
    console.log(`\n${title}`);
    console.table(rows);
    return { title, rows };
  } finally {
    thread.postMessage("close");
    await message("closed", 30_000).catch(() => undefined);
    await thread.terminate();
  }
}
