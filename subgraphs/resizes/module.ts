import { DESIGN_VIEW_KEY_PURPOSE, designContentBudgets } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { resizeJobHandlers } from "./domain/job-handlers.js";
import { DESIGN_RESIZE, RESIZE_ERROR_CODES } from "./domain/resize-jobs.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  dependencies: (runtime) => ({ db: runtime.db.prisma, bus: runtime.bus, log: runtime.log, files: runtime.files, publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE) }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime) => resizeJobHandlers(runtime.db.prisma, designContentBudgets(runtime.config.settings)),
  jobErrorCodes: { [DESIGN_RESIZE]: RESIZE_ERROR_CODES },
});
