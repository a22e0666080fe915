import type { Settings } from "../../lib/settings.js";

export type BlogSettings = ReturnType<typeof blogSettings>;

export function blogSettings(settings: Settings) {
  return {
    /** Community posts each user may create or edit per hour (429 with Retry-After past it). */
    communityWritesPerHour: settings.positiveInt("BLOG_COMMUNITY_WRITES_PER_HOUR", 20),
  };
}
