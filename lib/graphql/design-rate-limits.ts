import { defaultFieldResolver, isObjectType, type GraphQLSchema } from "graphql";
import type { AuthState } from "../auth/request-auth.js";
import { TooManyRequestsError } from "../errors.js";
import type { Limiter, LimiterFactory } from "../rate-limit.js";

/** Documented per-client-and-user limits: root field (`Query.asset`) → operation name and requests per minute. */
export type DesignRateTable = Record<string, { operation: string; perMinute: number }>;

/** Where the counters live, and a user's budget across all integrations in documented per-integration limits. */
export interface DesignRateLimiting {
  limiters: LimiterFactory;
  userMultiplier: number;
}

/** What the limits need of a request's context. */
export interface RateLimitedContext {
  auth: AuthState;
  /** The gateway re-reading a job for its subscribers after an event: not the caller's own request. */
  subscriptionEvent?: boolean;
}

/** Counts one request against the integration-and-user budget, then the user's budget across integrations. */
async function admit(perClient: Limiter, perUser: Limiter, clientId: string, userId: string): Promise<void> {
  const clientKey = `${clientId}:${userId}`;
  await perClient.consume(clientKey);
  try {
    await perUser.consume(userId);
  } catch (error) {
    // Refused by the user's budget: the request did not run, so the integration's budget is not spent.
    await perClient.refund(clientKey);
    throw error;
  }
}

/**
 * Counts each design-platform caller's requests per integration and user (the documented limit), and
 * per user across all integrations (`userMultiplier` times it), per operation and minute; past either:
 * refused as rate-limited ("Too many requests to {operation}") with `retryAfter`.
 */
export function enforceDesignRateLimits(schema: GraphQLSchema, table: DesignRateTable, { limiters, userMultiplier }: DesignRateLimiting): GraphQLSchema {
  for (const [coordinate, { operation, perMinute }] of Object.entries(table)) {
    const [typeName, fieldName] = coordinate.split(".");
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) throw new Error(`no field ${coordinate} to rate-limit`);
    const perClient = limiters({ name: `design:${operation}`, points: perMinute, durationSeconds: 60 });
    const perUser = limiters({ name: `design-user:${operation}`, points: perMinute * userMultiplier, durationSeconds: 60 });
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args, context: RateLimitedContext, info) => {
      if (context.auth.status === "design" && !context.subscriptionEvent) {
        const { clientId, userId } = context.auth.principal;
        try {
          await admit(perClient, perUser, clientId, String(userId));
        } catch (error) {
          if (!(error instanceof TooManyRequestsError)) throw error;
          throw new TooManyRequestsError(`Too many requests to ${operation}`, { retryAfter: error.extensions.retryAfter });
        }
      }
      return resolve(source, args, context, info);
    };
  }
  return schema;
}
