import { defineDomain } from "../../lib/modules/domain-module.js";
import { keyStoreOf } from "../../lib/auth/design-token.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { identitySettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: identitySettings,
  dependencies: (runtime, settings) => ({ db: runtime.db.prisma, log: runtime.log, keys: keyStoreOf(runtime), integrations: settings }),
  loaders: ({ db }) => createLoaders(db),
});
