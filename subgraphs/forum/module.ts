import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { FORUM_EVENTS } from "./domain/events.js";
import { forumLimits } from "./domain/limits.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { forumSettings } from "./settings.js";

/** Questions, answers and votes (the business platform's forum service), followed live per question. */
export default defineDomain({
  name: "forum",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4014,
  settings: forumSettings,
  dependencies: (runtime, settings) => ({ db: runtime.db.prisma, bus: runtime.bus, limits: forumLimits(runtime.limiters, settings) }),
  loaders: ({ db }) => createLoaders(db),
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
});
