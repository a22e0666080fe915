import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { blogSettings } from "./settings.js";

/** Official (SITE) blog posts with their review workflow, and community (USER) posts (the business platform's blog service). */
export default defineDomain({
  name: "blog",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4013,
  settings: blogSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    communityWrites: runtime.limiters({ name: "blog-community-writes", points: settings.communityWritesPerHour, durationSeconds: 3600 }),
  }),
  loaders: ({ db }) => createLoaders(db),
  codegen: {
    context: "../context.js#BlogContext",
    mappers: { Blog: prismaModel("Blog"), User: ENTITY_REFERENCE },
  },
});
