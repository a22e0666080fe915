import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { blogSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: blogSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    communityWrites: runtime.limiters({ name: "blog-community-writes", points: settings.communityWritesPerHour, durationSeconds: 3600 }),
  }),
  loaders: ({ db }) => createLoaders(db),
});
