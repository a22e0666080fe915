import { defineDomain } from "../../lib/modules/domain-module.js";
import { createCardProcessor } from "./domain/card-processor.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { paymentsSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: paymentsSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    processor: createCardProcessor(settings.processor),
    webhookSecret: settings.processor.webhookSecret,
  }),
  loaders: ({ db }) => createLoaders(db),
});
