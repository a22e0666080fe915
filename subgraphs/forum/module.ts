import { defineDomain } from "../../lib/modules/domain-module.js";
import { forumLimits } from "./domain/limits.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { forumSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: forumSettings,
  dependencies: (runtime, settings) => ({ db: runtime.db.prisma, bus: runtime.bus, limits: forumLimits(runtime.limiters, settings) }),
  loaders: ({ db }) => createLoaders(db),
});
