import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { EDIT_DESIGN, editorOperations, FOLLOW_DESIGN } from "./editing-workload.js";

/** What the bench hands the editors' thread. */
export interface EditorsThreadInput {
  /** The platform's base URL (`http://…`). */
  url: string;
  designId: string;
  /** The design's pages: editor `i` adds its elements to page `i % pageIds.length`. */
  pageIds: string[];
  /** One token per editor, each of its own user (all of the design's team). */
  tokens: string[];
  /**
   * A teammate who follows the design before the editors, on a connection of its own, and stays: what the
   * platform makes once for the first subscriber (the twin's plan, caches) is not counted per editor.
   */
  watcherToken: string;
  editsPerSecond: number;
  warmupMs: number;
  measuredMs: number;
  /** How long subscribers may take, after the last edit answered, to receive every version. */
  settleMs: number;
}

/** An edit the platform accepted, when its answer arrived. */
export interface AcceptedEdit {
  version: number;
  acceptedAt: number;
  warmup: boolean;
}

/** A version one subscriber received, when it arrived. */
export interface Arrival {
  version: number;
  at: number;
}

export interface EditorsThreadReport {
  accepted: AcceptedEdit[];
  /** Why edits were not accepted (an error code or status), one entry per refused edit. */
  refused: string[];
  /** Per subscriber: the version of its first message (the state it started from), then every later arrival. */
  initialVersions: number[];
  arrivals: Arrival[][];
  /** Messages that were not a `designChanged` (errors), per subscriber. */
  errors: string[];
}

/**
 * What the thread tells the bench: the watcher follows, the editors' rehearsal is over (each followed
 * once and closed its connection), every editor follows, the edits were made and received, the
 * connections closed.
 */
export type EditorsThreadMessage =
  | { type: "watching" }
  | { type: "rehearsed" }
  | { type: "live" }
  | { type: "done"; report: EditorsThreadReport }
  | { type: "closed" }
  | { type: "failed"; message: string };

/** What the bench asks the thread, in this order. */
export type EditorsThreadCommand = "rehearse" | "follow" | "edit" | "close";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Follower {
  /** The first message: the state the subscriber starts from. */
  started(version: number): void;
  arrived(version: number): void;
  /** A message that was not a `designChanged`, or the stream failed. */
  failed(why: string, beforeStart: boolean): void;
}

function follow(client: Client, designId: string, follower: Follower): () => void {
  let started = false;
  return client.subscribe(
    { query: FOLLOW_DESIGN, variables: { id: designId } },
    {
      next: (result) => {
        const version = (result.data?.designChanged as { version?: number } | undefined)?.version;
        if (typeof version !== "number") return follower.failed(JSON.stringify(result.errors ?? result).slice(0, 300), !started);
        if (started) return follower.arrived(version);
        started = true;
        follower.started(version);
      },
      error: (error) => follower.failed(String((error as Error)?.message ?? JSON.stringify(error)), !started),
      complete: () => undefined,
    },
  );
}

async function sendEdit(input: EditorsThreadInput, editor: number, ops: Record<string, unknown>[]): Promise<{ version: number; createdElementIds: string[] } | string> {
  const response = await fetch(`${input.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${input.tokens[editor]}` },
    body: JSON.stringify({ query: EDIT_DESIGN, variables: { id: input.designId, ops } }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: { editDesign?: { version: number; createdElementIds: string[] } }; errors?: { extensions?: { code?: string } }[] };
  return body.data?.editDesign ?? String(body.errors?.[0]?.extensions?.code ?? response.status);
}

/** The editors take turns at the total rate (an open schedule: an edit is sent on time whatever answers are pending). */
async function editAtRate(input: EditorsThreadInput, report: EditorsThreadReport): Promise<void> {
  const lastElement: (string | undefined)[] = input.tokens.map(() => undefined);
  const editsMade = input.tokens.map(() => 0);
  const interval = 1000 / input.editsPerSecond;
  const total = Math.round(((input.warmupMs + input.measuredMs) / 1000) * input.editsPerSecond);
  const warmupEdits = Math.round((input.warmupMs / 1000) * input.editsPerSecond);
  const start = now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    await sleep(start + i * interval - now());
    const editor = i % input.tokens.length;
    const n = editsMade[editor]++;
    const ops = editorOperations(editor, n, input.pageIds[editor % input.pageIds.length], lastElement[editor]);
    pending.push(
      sendEdit(input, editor, ops).then(
        (answer) => {
          if (typeof answer === "string") return void report.refused.push(answer);
          report.accepted.push({ version: answer.version, acceptedAt: now(), warmup: i < warmupEdits });
          if (answer.createdElementIds.length) lastElement[editor] = answer.createdElementIds[0];
        },
        (error: Error) => void report.refused.push(error.message),
      ),
    );
  }
  await Promise.all(pending);
}

async function settle(input: EditorsThreadInput, report: EditorsThreadReport): Promise<void> {
  const latest = Math.max(...report.accepted.map((edit) => edit.version));
  const deadline = now() + input.settleMs;
  while (now() < deadline && report.arrivals.some((arrivals) => (arrivals.at(-1)?.version ?? -1) < latest)) await sleep(50);
}

async function run(input: EditorsThreadInput): Promise<void> {
  const port = parentPort!;
  const send = (message: EditorsThreadMessage) => port.postMessage(message);
  const report: EditorsThreadReport = { accepted: [], refused: [], initialVersions: [], arrivals: input.tokens.map(() => []), errors: [] };
  const following: { client: Client; stop: () => void }[] = [];
  const subscribe = (token: string, name: string, follower: Omit<Follower, "failed">) => {
    const client = createClient({ url: `${input.url.replace(/^http/, "ws")}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
    const failed = (why: string, beforeStart: boolean) => {
      report.errors.push(why);
      if (beforeStart) send({ type: "failed", message: `${name}: ${why}` });
    };
    return { client, stop: follow(client, input.designId, { ...follower, failed }) };
  };
  /** Every editor follows, until each had its first message (`started`). */
  const followAll = (started: (index: number, version: number) => void, arrived: (index: number, version: number) => void) =>
    Promise.all(
      input.tokens.map(
        (token, index) =>
          new Promise<{ client: Client; stop: () => void }>((resolve) => {
            const subscription = subscribe(token, `editor ${index + 1}`, {
              started: (version) => {
                started(index, version);
                resolve(subscription);
              },
              arrived: (version) => arrived(index, version),
            });
          }),
      ),
    );

  following.push(subscribe(input.watcherToken, "watcher", { started: () => send({ type: "watching" }), arrived: () => undefined }));
  port.on("message", async (command: EditorsThreadCommand) => {
    try {
      if (command === "rehearse") {
        for (const { client, stop } of await followAll(() => undefined, () => undefined)) {
          stop();
          await client.dispose();
        }
        send({ type: "rehearsed" });
      } else if (command === "follow") {
        const record = (index: number, version: number) => report.arrivals[index].push({ version, at: now() });
        following.push(...(await followAll((index, version) => (report.initialVersions[index] = version), record)));
        send({ type: "live" });
      } else if (command === "edit") {
        await editAtRate(input, report);
        await settle(input, report);
        send({ type: "done", report });
      } else {
        for (const { client, stop } of following) {
          stop();
          await client.dispose();
        }
        send({ type: "closed" });
      }
    } catch (error) {
      send({ type: "failed", message: (error as Error).stack ?? String(error) });
    }
  });
}

if (parentPort) await run(workerData as EditorsThreadInput);
