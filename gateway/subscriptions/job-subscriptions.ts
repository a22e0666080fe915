import type { FormattedExecutionResult } from "graphql";
import { JOB_EVENTS, type JobEvent } from "../../lib/jobs/engine.js";
import type { Logger } from "../../lib/logger.js";
import type { Bus, Unsubscribe } from "../../lib/pubsub.js";
import { STATUS_ALIAS, type JobQuery } from "./job-operation.js";
import { PushQueue } from "./push-queue.js";

/** Runs one operation through the gateway (query planning, `_entities`), with the subscriber's credentials. */
export type ExecuteThroughGateway = (request: {
  query: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
  /** Re-reading after an event (the subscriber's first state is a request of its own). */
  subscriptionEvent?: boolean;
}) => Promise<FormattedExecutionResult>;

interface Subscriber {
  queue: PushQueue<FormattedExecutionResult>;
  onEnd: () => void;
  /** The job status last sent: one message per transition, never the same state twice. */
  lastStatus?: string;
}

/** Subscriptions with the same selection, arguments and credentials: executed once per event, for all. */
interface SharedExecution {
  key: string;
  request: JobQuery & { authorization: string | undefined };
  subscribers: Set<Subscriber>;
  /** Executions of one shared subscription run in event order. */
  chain: Promise<void>;
}

interface Outcome {
  result: FormattedExecutionResult;
  /** Undefined when the job could not be read (unknown, someone else's, graph down): the stream ends. */
  status?: string;
}

const FINAL = new Set(["success", "failed"]);

/** Executions in flight at once: a burst of events is worked through in order instead of all at once. */
const CONCURRENT_EXECUTIONS = 16;

/** The gateway's job subscriptions: one bus listener, fanned out to shared executions by job id. */
export class JobSubscriptions {
  private readonly byKey = new Map<string, SharedExecution>();
  private readonly byJob = new Map<string, Set<SharedExecution>>();
  private unsubscribe: Unsubscribe | undefined;
  /** Executions run so far (initial states and per-event), for tests and the benchmark. */
  executions = 0;
  private inFlight = 0;
  private readonly waitingForSlot: (() => void)[] = [];

  constructor(
    private readonly execute: ExecuteThroughGateway,
    private readonly bus: Bus,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(JOB_EVENTS, (event: JobEvent) => this.onEvent(event));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    for (const shared of this.byKey.values()) for (const subscriber of shared.subscribers) subscriber.queue.end();
  }

  get activeSubscriptions(): number {
    let count = 0;
    for (const shared of this.byKey.values()) count += shared.subscribers.size;
    return count;
  }

  /** Follows a job: its current state first, then one result per transition, ending after success or failed. */
  subscribe(request: JobQuery, authorization: string | undefined, onEnd: () => void = () => undefined): PushQueue<FormattedExecutionResult> {
    const key = JSON.stringify([request.query, request.variables, authorization ?? ""]);
    let shared = this.byKey.get(key);
    if (!shared) {
      shared = { key, request: { ...request, authorization }, subscribers: new Set(), chain: Promise.resolve() };
      this.byKey.set(key, shared);
      const forJob = this.byJob.get(request.jobId) ?? new Set();
      forJob.add(shared);
      this.byJob.set(request.jobId, forJob);
    }
    const owner = shared;
    const subscriber: Subscriber = { queue: new PushQueue(() => this.leave(owner, subscriber)), onEnd };
    shared.subscribers.add(subscriber);
    this.enqueue(shared, async () => {
      if (!subscriber.queue.done) this.deliver(subscriber, await this.run(owner, false));
    });
    return subscriber.queue;
  }

  private onEvent(event: JobEvent): void {
    for (const shared of this.byJob.get(event.id) ?? []) {
      this.enqueue(shared, async () => {
        if (shared.subscribers.size === 0) return;
        const outcome = await this.run(shared, true);
        for (const subscriber of [...shared.subscribers]) this.deliver(subscriber, outcome);
      });
    }
  }

  private enqueue(shared: SharedExecution, step: () => Promise<void>): void {
    shared.chain = shared.chain.then(step).catch((error) => this.log.error({ err: error }, "job subscription step failed"));
  }

  private async executeBounded(request: Parameters<ExecuteThroughGateway>[0]): Promise<FormattedExecutionResult> {
    if (this.inFlight >= CONCURRENT_EXECUTIONS) await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
    this.inFlight++;
    try {
      return await this.execute(request);
    } finally {
      this.inFlight--;
      this.waitingForSlot.shift()?.();
    }
  }

  private async run(shared: SharedExecution, subscriptionEvent: boolean): Promise<Outcome> {
    this.executions++;
    let result: FormattedExecutionResult;
    try {
      result = await this.executeBounded({ ...shared.request, subscriptionEvent });
    } catch (error) {
      this.log.error({ err: error }, "a job subscription could not be executed");
      return { result: { errors: [{ message: "The graph is unavailable", extensions: { code: "BAD_GATEWAY" } }] } };
    }
    const job = result.data?.[shared.request.responseKey] as Record<string, unknown> | null | undefined;
    if (!job || typeof job[STATUS_ALIAS] !== "string") return { result };
    const { [STATUS_ALIAS]: status, ...visible } = job;
    return { result: { ...result, data: { ...result.data, [shared.request.responseKey]: visible } }, status: status as string };
  }

  private deliver(subscriber: Subscriber, outcome: Outcome): void {
    if (subscriber.queue.done) return;
    if (outcome.status === undefined) {
      subscriber.queue.push(outcome.result);
      return subscriber.queue.end();
    }
    if (outcome.status === subscriber.lastStatus) return;
    subscriber.lastStatus = outcome.status;
    subscriber.queue.push(outcome.result);
    if (FINAL.has(outcome.status)) subscriber.queue.end();
  }

  private leave(shared: SharedExecution, subscriber: Subscriber): void {
    shared.subscribers.delete(subscriber);
    subscriber.onEnd();
    if (shared.subscribers.size > 0) return;
    this.byKey.delete(shared.key);
    const forJob = this.byJob.get(shared.request.jobId);
    forJob?.delete(shared);
    if (forJob?.size === 0) this.byJob.delete(shared.request.jobId);
  }
}
