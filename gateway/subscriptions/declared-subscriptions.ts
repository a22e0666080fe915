import type { FormattedExecutionResult } from "graphql";
import type { Logger } from "../../lib/logger.js";
import type { SubscriptionDeclaration } from "../../lib/modules/subscriptions.js";
import type { Bus, Unsubscribe } from "../../lib/pubsub.js";
import { concerns, DESIGN_TOKEN_REVOCATIONS, grantOf, revocationClaimsOf, type TokenRevocation } from "../../lib/auth/token-revocations.js";
import { STATE_ALIAS, type SubscriptionQuery } from "./subscription-operation.js";
import { PushQueue } from "./push-queue.js";
import { BoundedExecutions } from "./bounded-executions.js";
import type { OperationLimits } from "../../lib/config.js";

/** Runs one operation through the gateway (query planning, `_entities`), with the subscriber's credentials. */
export type ExecuteThroughGateway = (request: {
  query: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
  /** The operation to run when the text holds several. */
  operationName?: string | null;
  /** The caller's network address (a WebSocket client's is its connection's, for every operation and re-read). */
  clientAddress?: string;
  /** Re-reading after an event (the subscriber's first state is a request of its own). */
  subscriptionEvent?: boolean;
  /** Only parse, validate and plan the operation, ahead of its use: no subgraph fetch runs, the answer holds no data. */
  planOnly?: boolean;
}) => Promise<FormattedExecutionResult>;

/** Who subscribes: its credentials, and the network address its connection came from. */
export interface Caller {
  authorization: string | undefined;
  clientAddress?: string;
}

interface Subscriber {
  queue: PushQueue<FormattedExecutionResult>;
  onEnd: () => void;
  /** The state last sent: one message per change of state, never the same state twice. */
  lastState?: string;
}

/** Subscriptions with the same selection, arguments, credentials and address: executed once per event, for all. */
interface SharedExecution {
  /** Its key among the caller's shared executions (address, selection and arguments). */
  key: string;
  /** Events whose `eventKey` has this value concern it: `<topic>\0<eventKey>\0<value>`. */
  eventIndex: string;
  request: SubscriptionQuery & Caller;
  subscribers: Set<Subscriber>;
  /** Executions of one shared subscription run in event order. */
  chain: Promise<void>;
  /**
   * Subscriptions of other callers whose answers to an event are the same (the field's `answerDependsOn`):
   * one of them reads the event for all. Undefined when only its own credentials may read.
   */
  answerGroup?: AnswerGroup;
  /** By when it reads an event with its own credentials again instead of taking a peer's answer. */
  ownReadDue: number;
  /** When its token expires: from then on it reads with its own credentials (and is refused). */
  tokenExpiresAt: number;
}

/** Shared executions whose answers are alike: same selection, arguments and granted scopes. */
interface AnswerGroup {
  key: string;
  members: number;
}

interface Outcome {
  result: FormattedExecutionResult;
  /** The state could not be read just now (database or a subgraph away): nothing is sent, the next event or reconnect reads again. */
  unavailable?: boolean;
  /** The subscribed field could not be read (unknown, someone else's, graph down): the stream ends. */
  gone: boolean;
  state?: string;
}

/**
 * Executions in flight at once: a burst of events is worked through in order instead of all at once;
 * the reads waiting are merged into fewer operations (bounded-executions.ts), and the database reads of
 * the executions in flight into one query per kind (lib/db/coalesced-reads.ts).
 */
const CONCURRENT_EXECUTIONS = 64;

/** An answer other subscriptions of its group may take as theirs: only a clean one (an error may be the reader's own). */
const isAlike = (outcome: Outcome) => !outcome.gone && !outcome.unavailable && !outcome.result.errors?.length;

const indexOf = (topic: string, eventKey: string, value: unknown) => `${topic}\u0000${eventKey}\u0000${String(value)}`;

/**
 * The gateway's subscriptions, for every field the domains declare: one bus listener per topic, fanned
 * out by the value events are matched by to shared executions of the field's query twin.
 */
export class DeclaredSubscriptions {
  /** Shared executions by the caller's authorization (one map per token, not a copy of it per subscription), then by key. */
  private readonly byCaller = new Map<string, Map<string, SharedExecution>>();
  private readonly byEvent = new Map<string, Set<SharedExecution>>();
  /** Answer groups by key: one object (and one copy of its key) for all the group's subscriptions. */
  private readonly answerGroups = new Map<string, AnswerGroup>();
  private readonly unsubscribes: Unsubscribe[] = [];
  /** Executions run so far (initial states and per-event), for tests and the benchmark. */
  executions = 0;
  private readonly gatewayReads: BoundedExecutions;
  /** The declared fields by name. */
  readonly declarations: ReadonlyMap<string, SubscriptionDeclaration>;

  private readonly bus: Bus;
  private readonly log: Logger;
  private readonly ownReadEveryMs: number;
  private readonly isShareable: (request: SubscriptionQuery) => boolean;

  /**
   * `ownReadEveryMs`: how long a subscription whose field's answers are alike across callers may take
   * its peers' answers before it reads with its own credentials again (the time a token's check is
   * reused, `SUBSCRIPTION_TOKEN_CHECK_SECONDS`); 0: every subscription reads with its own.
   */
  constructor(
    execute: ExecuteThroughGateway,
    bus: Bus,
    log: Logger,
    declarations: readonly SubscriptionDeclaration[],
    ownReadEveryMs = 0,
    /** Whether a twin's answer comes only from fields its declaring domain vouches for (`answer-source.ts`); sharing needs it. */
    isShareable: (request: SubscriptionQuery) => boolean = () => true,
    /** The gateway's operation limits, within which reads waiting together are merged; undefined: each read runs alone. */
    operationLimits?: OperationLimits,
  ) {
    this.gatewayReads = new BoundedExecutions(execute, CONCURRENT_EXECUTIONS, operationLimits);
    this.bus = bus;
    this.log = log;
    this.declarations = new Map(declarations.map((declaration) => [declaration.field, declaration]));
    this.ownReadEveryMs = ownReadEveryMs;
    this.isShareable = isShareable;
  }

  async start(): Promise<void> {
    const keysByTopic = new Map<string, Set<string>>();
    for (const { topic, match } of this.declarations.values()) keysByTopic.set(topic, (keysByTopic.get(topic) ?? new Set()).add(match.eventKey));
    for (const [topic, eventKeys] of keysByTopic) {
      this.unsubscribes.push(await this.bus.subscribe(topic, (event: Record<string, unknown>) => this.onEvent(topic, eventKeys, event)));
    }
    this.bus.onReconnect(() => this.rereadAll());
    this.unsubscribes.push(await this.bus.subscribe(DESIGN_TOKEN_REVOCATIONS, (revocation: TokenRevocation) => this.onRevocation(revocation)));
  }

  /**
   * A revoked token's subscriptions re-read their state at once with a full check of the token (not
   * the check re-executions reuse), which refuses it: they end within moments, with no event needed.
   */
  private onRevocation(revocation: TokenRevocation): void {
    for (const [authorization, shareds] of this.byCaller) {
      const claims = revocationClaimsOf(authorization);
      if (!claims || !concerns(revocation, claims)) continue;
      for (const shared of shareds.values()) this.reread(shared, false);
    }
  }

  /** After a bus outage events may have been missed: every live subscription reads its state again (sent only if it changed). */
  rereadAll(): void {
    for (const shared of this.allShared()) this.reread(shared, true);
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
    for (const shared of this.allShared()) for (const subscriber of shared.subscribers) subscriber.queue.end();
  }

  get activeSubscriptions(): number {
    let count = 0;
    for (const shared of this.allShared()) count += shared.subscribers.size;
    return count;
  }

  private *allShared(): Iterable<SharedExecution> {
    for (const shareds of this.byCaller.values()) yield* shareds.values();
  }

  /** The current state first, then one result per event (per change of state), ending at a final state. */
  subscribe(request: SubscriptionQuery, caller: Caller, onEnd: () => void = () => undefined): PushQueue<FormattedExecutionResult> {
    const { authorization, clientAddress } = caller;
    const variables = JSON.stringify(request.variables);
    const key = `${clientAddress ?? ""}\u0000${request.queryKey}\u0000${variables}`;
    let shareds = this.byCaller.get(authorization ?? "");
    if (!shareds) this.byCaller.set(authorization ?? "", (shareds = new Map()));
    let shared = shareds.get(key);
    if (!shared) {
      const { topic, match } = request.declaration;
      shared = {
        key,
        eventIndex: indexOf(topic, match.eventKey, request.matchValue),
        request: { ...request, authorization, clientAddress },
        subscribers: new Set(),
        chain: Promise.resolve(),
        ...this.answerSharingOf(request, variables, authorization),
        ownReadDue: 0,
      };
      shareds.set(key, shared);
      this.byEvent.set(shared.eventIndex, (this.byEvent.get(shared.eventIndex) ?? new Set()).add(shared));
    }
    const owner = shared;
    const subscriber: Subscriber = { queue: new PushQueue(() => this.leave(owner, subscriber)), onEnd };
    shared.subscribers.add(subscriber);
    this.enqueue(shared, async () => {
      if (!subscriber.queue.done) this.deliver(owner, subscriber, await this.run(owner, false));
    });
    return subscriber.queue;
  }

  /**
   * Subscriptions with this selection and these arguments, of tokens granting the same scopes, answer
   * alike when their field says so: their answer group, and when the token stops letting it take a peer's answer.
   */
  private answerSharingOf(request: SubscriptionQuery, variables: string, authorization: string | undefined): Pick<SharedExecution, "answerGroup" | "tokenExpiresAt"> {
    const grant = grantOf(authorization);
    if (request.declaration.answerDependsOn !== "scopes" || this.ownReadEveryMs <= 0 || grant === undefined || !this.isShareable(request)) return { tokenExpiresAt: 0 };
    const key = `${request.queryKey}\u0000${variables}\u0000${grant.scopes}`;
    let answerGroup = this.answerGroups.get(key);
    if (!answerGroup) this.answerGroups.set(key, (answerGroup = { key, members: 0 }));
    answerGroup.members++;
    return { answerGroup, tokenExpiresAt: grant.expiresAt };
  }

  private onEvent(topic: string, eventKeys: Set<string>, event: Record<string, unknown>): void {
    // This event's answers by answer group: the first subscription of a group to read it reads for all.
    const answers = new Map<AnswerGroup, Promise<Outcome>>();
    for (const eventKey of eventKeys) {
      if (event?.[eventKey] === undefined) continue;
      for (const shared of this.byEvent.get(indexOf(topic, eventKey, event[eventKey])) ?? []) this.reread(shared, true, event, answers);
    }
  }

  /** Reads the shared execution's state again, after the steps already queued for it, for all its subscribers. */
  private reread(shared: SharedExecution, subscriptionEvent: boolean, event?: Record<string, unknown>, answers?: Map<AnswerGroup, Promise<Outcome>>): void {
    this.enqueue(shared, async () => {
      if (shared.subscribers.size === 0) return;
      const outcome = event && answers ? await this.eventOutcome(shared, event, answers) : await this.run(shared, subscriptionEvent, event);
      for (const subscriber of [...shared.subscribers]) this.deliver(shared, subscriber, outcome);
    });
  }

  /** The event read by a peer of its answer group when it read cleanly and this one's own read is not due; else read with its own credentials. */
  private async eventOutcome(shared: SharedExecution, event: Record<string, unknown>, answers: Map<AnswerGroup, Promise<Outcome>>): Promise<Outcome> {
    const group = shared.answerGroup;
    if (group === undefined) return this.run(shared, true, event);
    const peers = answers.get(group);
    if (peers && Date.now() < shared.ownReadDue) {
      const outcome = await peers;
      if (isAlike(outcome)) return outcome;
    }
    const own = this.run(shared, true, event);
    if (!answers.has(group)) answers.set(group, own);
    return own;
  }

  private enqueue(shared: SharedExecution, step: () => Promise<void>): void {
    shared.chain = shared.chain.then(step).catch((error) => this.log.error({ err: error }, "subscription step failed"));
  }

  /** The twin's variables for `event`: with `eventArgument`, the event's value in the event variable. */
  private variablesFor(request: SubscriptionQuery, event?: Record<string, unknown>): Record<string, unknown> {
    const { eventArgument } = request.declaration;
    if (!request.eventVariable || !eventArgument || !event) return request.variables;
    const value = event[eventArgument.eventKey];
    return { ...request.variables, [request.eventVariable]: typeof value === "string" || typeof value === "number" ? String(value) : null };
  }

  /** Reads with the shared execution's own credentials. */
  private async run(shared: SharedExecution, subscriptionEvent: boolean, event?: Record<string, unknown>): Promise<Outcome> {
    this.executions++;
    // Staggered, so that subscriptions started together do not all read on their own at the same event.
    if (shared.answerGroup !== undefined) shared.ownReadDue = Math.min(Date.now() + this.ownReadEveryMs * (0.5 + Math.random() / 2), shared.tokenExpiresAt);
    let result: FormattedExecutionResult;
    try {
      const variables = this.variablesFor(shared.request, event);
      const { query, authorization, clientAddress } = shared.request;
      result = await this.gatewayReads.run({ query, variables, authorization, clientAddress, subscriptionEvent });
    } catch (error) {
      this.log.error({ err: error }, "a subscription could not be executed");
      return { result: { errors: [{ message: "The graph is unavailable", extensions: { code: "BAD_GATEWAY" } }] }, gone: true };
    }
    // A first read that fails ends the subscription with the error (the client retries); a re-read waits for the next.
    if (subscriptionEvent && result.errors?.length && result.errors.every((error) => error.extensions?.code === "SERVICE_UNAVAILABLE")) {
      return { result, gone: false, unavailable: true };
    }
    const { responseKey, declaration } = shared.request;
    const value = result.data?.[responseKey] as Record<string, unknown> | null | undefined;
    if (!value) return { result, gone: true };
    if (!declaration.state) return { result, gone: false };
    const { [STATE_ALIAS]: state, ...visible } = value;
    if (typeof state !== "string") return { result, gone: true };
    return { result: { ...result, data: { ...result.data, [responseKey]: visible } }, gone: false, state };
  }

  private deliver(shared: SharedExecution, subscriber: Subscriber, outcome: Outcome): void {
    if (subscriber.queue.done || outcome.unavailable) return;
    if (outcome.gone) {
      subscriber.queue.push(outcome.result);
      return subscriber.queue.end();
    }
    const stateful = shared.request.declaration.state;
    if (stateful) {
      if (outcome.state === subscriber.lastState) return;
      subscriber.lastState = outcome.state;
    }
    subscriber.queue.push(outcome.result);
    if (stateful && stateful.final.includes(outcome.state!)) subscriber.queue.end();
  }

  private leave(shared: SharedExecution, subscriber: Subscriber): void {
    shared.subscribers.delete(subscriber);
    subscriber.onEnd();
    if (shared.subscribers.size > 0) return;
    const shareds = this.byCaller.get(shared.request.authorization ?? "");
    shareds?.delete(shared.key);
    if (shareds?.size === 0) this.byCaller.delete(shared.request.authorization ?? "");
    const forEvent = this.byEvent.get(shared.eventIndex);
    forEvent?.delete(shared);
    if (forEvent?.size === 0) this.byEvent.delete(shared.eventIndex);
    if (shared.answerGroup && --shared.answerGroup.members === 0) this.answerGroups.delete(shared.answerGroup.key);
  }
}
