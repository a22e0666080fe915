import { AsyncLocalStorage } from "node:async_hooks";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { TooManyRequestsError } from "./errors.js";
import { rateLimitRefusals } from "./metrics/registry.js";

export interface LimitRule {
  /** Name of the limit, part of every key. */
  name: string;
  /** How many events are allowed... */
  points: number;
  /** ...per this many seconds. */
  durationSeconds: number;
}

/** A counter of events per key (an email, an address, a client) that refuses past its rule. */
export interface Limiter {
  /** Counts one event; past the limit throws a 429 that says when to retry. */
  consume(key: string): Promise<void>;
  /** Gives back one event counted by `consume` (it turned out not to count). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export type LimiterFactory = (rule: LimitRule) => Limiter;

/**
 * The request a subgraph is answering, marked once it counts against a rate limit: its answer is then
 * the caller's alone, and the subgraph says so (`RATE_COUNTED_HEADER`), so that the gateway does not hand
 * it to identical requests in flight beside it — each of those must count too, and may be refused.
 */
export const rateCountedRequests = new AsyncLocalStorage<{ counted: boolean }>();
export const RATE_COUNTED_HEADER = "x-rate-counted";

function refusal(rule: LimitRule, msBeforeNext: number): TooManyRequestsError {
  return new TooManyRequestsError(`Too many requests: try again in ${Math.ceil(msBeforeNext / 1000)} s`, {
    retryAfter: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    limit: rule.name,
  });
}

function wrap(rule: LimitRule, limiter: RateLimiterAbstract): Limiter {
  const refused = rateLimitRefusals.labels(rule.name);
  return {
    async consume(key) {
      const request = rateCountedRequests.getStore();
      if (request) request.counted = true;
      try {
        await limiter.consume(key);
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          refused.inc();
          throw refusal(rule, result.msBeforeNext);
        }
        throw result;
      }
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/**
 * Limits kept in this process (embedded mode) or in Redis (`REDIS_URL`), so that every replica of a
 * service counts against the same budget. While Redis is away each process counts in its own memory
 * (rate-limiter-flexible's insurance limiter): limits stay enforced, per process, never an error.
 */
export function createLimiterFactory(options: { redis?: Redis; keyPrefix: string }): LimiterFactory {
  // One counter per rule in this process, as Redis keeps one per name: operations that share a limit's
  // name (the ways of creating a design) share its budget in memory too.
  const made = new Map<string, Limiter>();
  const create = (rule: LimitRule): Limiter => {
    const settings = { keyPrefix: `${options.keyPrefix}:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
    if (!options.redis) return wrap(rule, new RateLimiterMemory(settings));
    const inMemory = new RateLimiterMemory(settings);
    return wrap(rule, new RateLimiterRedis({ ...settings, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: inMemory }));
  };
  return (rule) => {
    const key = `${rule.name}/${rule.points}/${rule.durationSeconds}`;
    if (!made.has(key)) made.set(key, create(rule));
    return made.get(key)!;
  };
}

/** Counts one event for a page (no GraphQL error to throw): null when admitted, else the seconds to wait. */
export async function secondsToWait(limiter: Limiter, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    return Number(error.extensions.retryAfter ?? 60);
  }
}
