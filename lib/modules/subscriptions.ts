import { JOB_EVENTS } from "../jobs/events.js";

/**
 * A `Subscription` field a domain declares (its query twin has the same name, arguments and type).
 * The gateway serves it over graphql-ws: the twin's current state first, then the twin again after
 * every event on `topic` whose `eventKey` equals the field's `argument`, through the federated graph.
 */
export interface SubscriptionDeclaration {
  field: string;
  /** The bus topic the domain publishes its events on, after they commit. */
  topic: string;
  /** Which events concern a subscription: `event[eventKey] === args[argument]`. */
  match: { argument: string; eventKey: string };
  /**
   * A state field of the result: one message per change of it, and the stream ends once it takes one
   * of `final`. Without it, every event sends a message and the stream lasts until the client stops it.
   */
  state?: { field: string; final: string[] };
  /**
   * For feeds: every event's `event[eventKey]` is passed to the twin as its argument `argument` (null
   * for the first, current-state message), so each message answers for exactly the event that caused
   * it — two events close together are two messages, never the newest one twice.
   */
  eventArgument?: { argument: string; eventKey: string };
  /**
   * `scopes`: the twin answers alike every caller it admits whose token grants the same scopes (being
   * admitted, for instance as a member of the object's team, decides whether it answers, never what).
   * Then one execution per event serves every subscription of the same selection and arguments whose
   * tokens grant the same scopes; each still reads with its own credentials when it starts, after a
   * revocation, again within every `SUBSCRIPTION_TOKEN_CHECK_SECONDS`, and once its token has expired. Without it, each
   * subscriber's credentials read every event (subscriptions of one token still share).
   */
  answerDependsOn?: "scopes";
}

/** A job subscription: `<field>(id)` follows one job until `success` or `failed`. */
export function jobSubscription(field: string): SubscriptionDeclaration {
  return { field, topic: JOB_EVENTS, match: { argument: "id", eventKey: "id" }, state: { field: "status", final: ["success", "failed"] } };
}
