import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Where a question's activity is announced, after it commits: `{ questionId, activity }`. */
export const FORUM_EVENTS = "forum-events";

/** Questions, answers and votes (the business platform's forum service), followed live per question. */
export default defineManifest({
  name: "forum",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4014,
  subscriptions: [
    {
      field: "questionActivity",
      topic: FORUM_EVENTS,
      match: { argument: "questionId", eventKey: "questionId" },
      eventArgument: { argument: "activityId", eventKey: "activity" },
    },
  ],
  codegen: {
    context: "../context.js#ForumContext",
    mappers: {
      Question: prismaModel("ForumQuestion"),
      Answer: prismaModel("ForumAnswer"),
      QuestionThread: "../domain/questions.js#QuestionThread as QuestionThreadData",
      QuestionPage: "../domain/questions.js#QuestionPage as QuestionPageData",
      QuestionActivity: "../domain/events.js#QuestionActivity as QuestionActivityData",
      User: ENTITY_REFERENCE,
    },
  },
  settingDocs: [
    { names: ["FORUM_POSTS_PER_HOUR"], default: "`30`", meaning: "forum questions and answers (together) one user may post per hour; past it 429 with `Retry-After`" },
    { names: ["FORUM_VOTES_PER_HOUR"], default: "`120`", meaning: "forum votes (on questions and answers, changes included) one user may cast per hour; past it 429 with `Retry-After`" },
  ],
});
