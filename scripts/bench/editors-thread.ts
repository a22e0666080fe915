import { parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

/** What the bench hands the editors' thread. */
export interface EditorsThreadInput {
  /** The platform's base URL (`http://…`). */
  url: string;
  designId: string;
  /** The design's pages: editor `i` adds its elements to page `i % pageIds.length`. */
  pageIds: string[];
  /** One token per editor, each of its own user (all of the design's team). */
  tokens: string[];
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

export type EditorsThreadMessage = { type: "live" } | { type: "done"; report: EditorsThreadReport } | { type: "closed" } | { type: "failed"; message: string };

export const FOLLOW_DESIGN = `subscription($id: ID!) { designChanged(designId: $id) {
  version at author { id } changedElementIds removedElementIds
  operations { addElement { elementId pageId kind x y width height z text } updateElement { elementId x y width height text } } } }`;

const EDIT_DESIGN = `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { version createdElementIds } }`;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One editor's `n`-th edit, a mix a person editing makes: a text box added, then moved, its text
 * changed, moved again (an editor with no element yet adds one).
 */
export function editorOperations(editor: number, n: number, pageId: string, elementId: string | undefined): Record<string, unknown>[] {
  const step = elementId === undefined ? 0 : n % 4;
  const x = (editor * 37 + n * 11) % 1000;
  const y = (editor * 53 + n * 7) % 600;
  if (step === 0) return [{ addElement: { pageId, kind: "text", x, y, width: 240, height: 48, text: `Editor ${editor + 1}` } }];
  if (step === 2) return [{ updateElement: { elementId, text: `Editor ${editor + 1}, edit ${n + 1}` } }];
  return [{ updateElement: { elementId, x, y } }];
}

/** Subscriber `index` follows the design: `onFirst` on its first state, `onRefused` when it could not start. */
function follow(client: Client, designId: string, index: number, report: EditorsThreadReport, onFirst: () => void, onRefused: (why: string) => void): () => void {
  let first = true;
  const failed = (why: string) => {
    report.errors.push(why);
    if (first) onRefused(why);
  };
  return client.subscribe(
    { query: FOLLOW_DESIGN, variables: { id: designId } },
    {
      next: (result) => {
        const version = (result.data?.designChanged as { version?: number } | undefined)?.version;
        if (typeof version !== "number") return failed(JSON.stringify(result.errors ?? result).slice(0, 300));
        if (first) {
          first = false;
          report.initialVersions[index] = version;
          onFirst();
        } else report.arrivals[index].push({ version, at: now() });
      },
      error: (error) => failed(String((error as Error)?.message ?? JSON.stringify(error))),
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
  const clients = input.tokens.map((token) =>
    createClient({ url: `${input.url.replace(/^http/, "ws")}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } }),
  );
  let live = 0;
  const stops = clients.map((client, index) =>
    follow(client, input.designId, index, report, () => ++live === clients.length && send({ type: "live" }), (why) => send({ type: "failed", message: `subscriber ${index + 1}: ${why}` })),
  );
  port.on("message", async (message: "edit" | "close") => {
    try {
      if (message === "edit") {
        await editAtRate(input, report);
        await settle(input, report);
        send({ type: "done", report });
      } else {
        for (const stop of stops) stop();
        for (const client of clients) await client.dispose();
        send({ type: "closed" });
      }
    } catch (error) {
      send({ type: "failed", message: (error as Error).stack ?? String(error) });
    }
  });
}

if (parentPort) await run(workerData as EditorsThreadInput);
