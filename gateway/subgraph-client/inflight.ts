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
 */
export class InflightFetches {
  private readonly flights = new Map<string, Follower[]>();

  run(key: string, fetch: () => Promise<SubgraphResponse>): Promise<SubgraphResponse> {
    const following = this.flights.get(key);
    if (following) return new Promise((resolve, reject) => following.push({ resolve, reject }));
    const followers: Follower[] = [];
    this.flights.set(key, followers);
    const sendEach = () => {
      for (const follower of followers) fetch().then(follower.resolve, follower.reject);
    };
    return fetch().then(
      (answer) => {
        this.flights.delete(key);
        if (rateCounted.has(answer)) sendEach();
        else for (const follower of followers) follower.resolve(copyOfJson(answer));
        return answer;
      },
      (error: unknown) => {
        this.flights.delete(key);
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
