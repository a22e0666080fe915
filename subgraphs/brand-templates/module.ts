import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { AUTOFILL_ERROR_CODES, DESIGN_AUTOFILL } from "./domain/autofill-jobs.js";
import { brandTemplateJobHandlers } from "./domain/job-handlers.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { brandTemplatesSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: brandTemplatesSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    bus: runtime.bus,
    log: runtime.log,
    settings,
    files: runtime.files,
    publicUrl: runtime.config.publicUrl,
    viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE),
    continuationKey: runtime.keyFor("brand-template-continuations"),
  }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime) => brandTemplateJobHandlers(runtime.db.prisma),
  jobErrorCodes: { [DESIGN_AUTOFILL]: AUTOFILL_ERROR_CODES },
});
