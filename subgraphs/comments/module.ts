import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { commentsSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: commentsSettings,
  dependencies: (runtime, limits) => ({ db: runtime.db.prisma, bus: runtime.bus, continuationKey: runtime.keyFor("comment-continuations"), limits }),
  loaders: ({ db }) => createLoaders(db),
});
