import type { Settings } from "../../lib/settings.js";

export type ForumSettings = ReturnType<typeof forumSettings>;

export function forumSettings(settings: Settings) {
  return {
    /** Questions and answers one user may post per hour, together (429 with Retry-After past it). */
    postsPerHour: settings.positiveInt("FORUM_POSTS_PER_HOUR", 30),
    /** Votes (on questions and answers, changes included) one user may cast per hour. */
    votesPerHour: settings.positiveInt("FORUM_VOTES_PER_HOUR", 120),
  };
}
