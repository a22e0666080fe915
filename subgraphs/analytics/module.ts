import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  dependencies: (runtime) => ({ db: runtime.db.prisma, continuationKey: runtime.keyFor("analytics-continuations") }),
  loaders: ({ db }) => createLoaders(db),
});
