import { expiresAtOf } from "../../lib/auth/token-revocations.js";
import type { SubgraphResponse } from "../execution/run-plan.js";

/** Answers (or failures) a subgraph said counted against the caller's rate limit: never handed to another request. */
const rateCounted = new WeakSet<object>();

/** Marks `outcome` (an answer, or the error made of one) as counted against the caller's rate limit; returns it. */
export function markRateCounted<T>(outcome: T, counted: boolean | undefined): T {
  if (counted && typeof outcome === "object" && outcome !== null) rateCounted.add(outcome);
  return outcome;
}

interface Follower {
  resolve(answer: SubgraphResponse): void;
  reject(error: unknown): void;
}

interface Flight {
  followers: Follower[];
  /** The count of changes of credentials when it started: a flight of an earlier count is not joined. */
  credentials: number;
  /** The credentials of the key, to read when the token expires (once, when someone would join). */
  authorization: string | undefined;
  expiresAt?: number;
}

/**
 * Identical subgraph fetches in flight at the same time share one request: the first one sent leads,
 * the ones asking the same (same key) meanwhile follow and get its answer, or its failure. The key says
 * what "the same" is (the caller's credentials and address among it); the caller keeps mutations out.
 *
 * The executor builds each response out of the answers' own objects and merges later fetches into
 * them, so every follower gets a copy of the answer, made before the leader's request goes on: one
 * request and one parse, and no caller's response can change another's.
 *
 * An answer that counted against the caller's rate limit (the subgraph says so) is the leader's alone:
 * each follower then sends its own request, which counts too and may be refused, as if none was shared.
 *
 * A follower must hold a token good at the moment it joins, as a request of its own is checked when it
 * arrives: a flight is joined only while its token has not expired and no change of credentials (a
 * token revoked, a user's roles changed, the bus back from an outage: `credentialsChanged`) was heard
 * since it started. Otherwise the request is sent, and leads a flight of its own.
 */
export class InflightFetches {
  private readonly flights = new Map<string, Flight>();
  private credentials = 0;

  /** Some token was revoked or some user's roles changed (or such news may have been missed): no flight in the air is joined any more. */
  credentialsChanged(): void {
    this.credentials++;
  }

  private joinable(flight: Flight): boolean {
    if (flight.credentials !== this.credentials) return false;
    flight.expiresAt ??= expiresAtOf(flight.authorization);
    return Date.now() < flight.expiresAt;
  }

  /** `authorization`: the credentials the key holds (the answer is theirs). */
  run(key: string, fetch: () => Promise<SubgraphResponse>, authorization?: string): Promise<SubgraphResponse> {
    const joined = this.flights.get(key);
    if (joined && this.joinable(joined)) return new Promise((resolve, reject) => joined.followers.push({ resolve, reject }));
    const flight: Flight = { followers: [], credentials: this.credentials, authorization };
    const { followers } = flight;
    this.flights.set(key, flight);
    const land = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    const sendEach = () => {
      for (const follower of followers) fetch().then(follower.resolve, follower.reject);
    };
    return fetch().then(
      (answer) => {
        land();
        if (rateCounted.has(answer)) sendEach();
        else for (const follower of followers) follower.resolve(copyOfJson(answer));
        return answer;
      },
      (error: unknown) => {
        land();
        if (typeof error === "object" && error !== null && rateCounted.has(error)) sendEach();
        else for (const follower of followers) follower.reject(error);
        throw error;
      },
    );
  }
}

/** A deep copy of JSON data, the same as parsing its text again (a `__proto__` key stays an own property). */
export function copyOfJson<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyOfJson(value[i]);
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item = copyOfJson((value as Record<string, unknown>)[key]);
    if (key === "__proto__") Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}
