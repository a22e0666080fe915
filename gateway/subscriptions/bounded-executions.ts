import type { FormattedExecutionResult } from "graphql";
import type { OperationLimits } from "../../lib/config.js";
import type { ExecuteThroughGateway } from "./declared-subscriptions.js";
import { mergeReads, mostMerged } from "./merged-operation.js";

type Request = Parameters<ExecuteThroughGateway>[0];

interface Waiting {
  request: Request;
  resolve: (result: FormattedExecutionResult) => void;
  reject: (error: unknown) => void;
}

let unmergeable = 0;

/** Twins remembered as prepared at most (past that, a twin may be prepared again: one operation more). */
const MOST_PREPARED = 256;

/**
 * Reads that may share an operation: re-reads after an event of the same twin by the same caller
 * (credentials and address). A subscription's first read runs alone: it counts against the caller's
 * rate limits, and a merged operation read again alone after an error would count it twice.
 */
function mergeKeyOf(request: Request): string {
  if (request.operationName || !request.subscriptionEvent) return `\u0001${unmergeable++}`;
  return `${request.authorization ?? ""}\u0000${request.clientAddress ?? ""}\u0000${request.query}`;
}

/**
 * The gateway executions of subscriptions, at most `concurrency` at once: a burst of events is worked
 * through in order instead of all at once. Re-reads after an event waiting for a slot that one caller
 * makes of one twin share it, merged into one operation (`merged-operation.ts`) within the operation
 * limits: 10,000 jobs of a hundred callers finishing at once cost a fraction of the executions. An idle
 * gateway runs each read at once, on its own.
 */
export class BoundedExecutions {
  private inFlight = 0;
  /** Reads waiting for a slot, by merge key, oldest key first. */
  private readonly waiting = new Map<string, Waiting[]>();
  /** Executions run (a merged one counts once), for tests and the benchmark. */
  executions = 0;
  /** Twins whose merged operation the gateway has planned. */
  private readonly prepared = new Set<string>();
  /** Merged texts executed once at least, and the first execution of those running it now. */
  private readonly executedOnce = new Set<string>();
  private readonly firstExecutions = new Map<string, Promise<unknown>>();

  private readonly execute: ExecuteThroughGateway;
  private readonly concurrency: number;
  private readonly limits: OperationLimits | undefined;

  /** `limits`: the gateway's operation limits, within which waiting reads are merged; undefined: each read runs alone. */
  constructor(execute: ExecuteThroughGateway, concurrency: number, limits: OperationLimits | undefined) {
    this.execute = execute;
    this.concurrency = concurrency;
    this.limits = limits;
  }

  run(request: Request): Promise<FormattedExecutionResult> {
    const answer = new Promise<FormattedExecutionResult>((resolve, reject) => {
      const key = mergeKeyOf(request);
      const queue = this.waiting.get(key);
      if (queue) queue.push({ request, resolve, reject });
      else this.waiting.set(key, [{ request, resolve, reject }]);
      this.startWaiting();
    });
    if (!request.subscriptionEvent && this.limits && !request.operationName && !this.prepared.has(request.query)) {
      answer.then(
        (result) => {
          if (!result.errors?.length) this.prepareMerging(request);
        },
        () => undefined,
      );
    }
    return answer;
  }

  /**
   * Once a twin's first read has passed (the caller's own, counted against its rate limits), its merged
   * operation is planned by the gateway: parsed, validated and planned then, and run by no subgraph
   * (`planOnly`), not in the middle of the first burst of events (planning it there cost 70–200 ms).
   * A refused first read has nothing planned: no caller being refused makes the gateway do more.
   */
  private prepareMerging(request: Request): void {
    if (!this.limits || this.prepared.has(request.query)) return;
    if (this.prepared.size >= MOST_PREPARED) this.prepared.clear();
    this.prepared.add(request.query);
    const merged = mergeReads(request.query, [request.variables, request.variables], this.limits);
    if (merged) void this.execute({ ...request, query: merged.query, variables: merged.variables, planOnly: true }).catch(() => undefined);
  }

  private startWaiting(): void {
    while (this.inFlight < this.concurrency) {
      const oldest = this.waiting.entries().next();
      if (oldest.done) return;
      const [key, queue] = oldest.value;
      const batch = queue.splice(0, this.limits ? mostMerged(queue[0].request.query, this.limits) : 1);
      // The rest of the key's reads go behind the other keys': one caller's burst does not hold up the others'.
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      this.inFlight++;
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        this.startWaiting();
      });
    }
  }

  private async runBatch(batch: Waiting[]): Promise<void> {
    const merged = batch.length > 1 && this.limits ? mergeReads(batch[0].request.query, batch.map((waiting) => waiting.request.variables), this.limits) : undefined;
    if (merged) {
      let result: FormattedExecutionResult;
      try {
        this.executions++;
        result = await this.executeMerged({ ...batch[0].request, query: merged.query, variables: merged.variables });
      } catch (error) {
        return batch.forEach((waiting) => waiting.reject(error));
      }
      const parts = merged.split(result);
      if (parts) return batch.forEach((waiting, index) => waiting.resolve(parts[index]));
    }
    // On its own, or the merged answer held an error: each read runs alone, so its errors stay its own.
    await Promise.all(
      batch.map(async (waiting) => {
        this.executions++;
        await this.execute(waiting.request).then(waiting.resolve, waiting.reject);
      }),
    );
  }

  /**
   * A merged text's first execution runs alone: the burst's other batches of it (other callers') wait for
   * its answer. Planned ahead by the gateway only (`prepareMerging`), the text is new to the subgraphs,
   * and 64 batches arriving at once would each parse and validate it (100–200 ms of CPU in a burst).
   */
  private async executeMerged(request: Request): Promise<FormattedExecutionResult> {
    const { query } = request;
    if (this.executedOnce.has(query)) return this.execute(request);
    const first = this.firstExecutions.get(query);
    if (first) {
      await first.catch(() => undefined);
      return this.execute(request);
    }
    const execution = this.execute(request);
    this.firstExecutions.set(query, execution);
    try {
      return await execution;
    } finally {
      this.firstExecutions.delete(query);
      if (this.executedOnce.size >= MOST_PREPARED) this.executedOnce.clear();
      this.executedOnce.add(query);
    }
  }
}
