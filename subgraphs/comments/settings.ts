import type { Settings } from "../../lib/settings.js";

export type CommentsSettings = ReturnType<typeof commentsSettings>;

export function commentsSettings(settings: Settings) {
  return {
    /** Most threads on one design (the documented 1000); one more is refused (`COMMENT_LIMIT_REACHED`). */
    threadsPerDesign: settings.positiveInt("COMMENT_THREADS_PER_DESIGN", 1000),
    /** Most replies in one thread (the documented 100); one more is refused (`REPLY_LIMIT_REACHED`). */
    repliesPerThread: settings.positiveInt("COMMENT_REPLIES_PER_THREAD", 100),
  };
}
