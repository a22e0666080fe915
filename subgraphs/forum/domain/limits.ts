import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import type { Limiter, LimiterFactory } from "../../../lib/rate-limit.js";
import type { ForumSettings } from "../settings.js";

/** Per-user budgets of forum writes (docs/api.md, "Forum REST paths"). */
export interface ForumLimits {
  /** New questions and answers, together: FORUM_POSTS_PER_HOUR. */
  posts: Limiter;
  /** Votes on questions and answers (a changed vote counts too): FORUM_VOTES_PER_HOUR. */
  votes: Limiter;
}

export function forumLimits(limiters: LimiterFactory, settings: ForumSettings): ForumLimits {
  return {
    posts: limiters({ name: "forum-posts", points: settings.postsPerHour, durationSeconds: 3600 }),
    votes: limiters({ name: "forum-votes", points: settings.votesPerHour, durationSeconds: 3600 }),
  };
}

/**
 * Runs `write` counted against the caller's budget: past it a 429 with Retry-After and nothing is
 * written; a write that fails (404, closed question, …) is given back. The operator's tools are not counted.
 */
export async function counted<T>(limiter: Limiter, caller: BusinessPrincipal, write: () => Promise<T>): Promise<T> {
  if (caller.operator) return write();
  const key = String(caller.userId);
  await limiter.consume(key);
  try {
    return await write();
  } catch (error) {
    await limiter.refund(key);
    throw error;
  }
}
