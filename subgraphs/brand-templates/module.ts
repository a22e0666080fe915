import { DESIGN_VIEW_KEY_PURPOSE, designContentBudgets } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { AUTOFILL_ERROR_CODES, DESIGN_AUTOFILL } from "./domain/autofill-jobs.js";
import { brandTemplateJobHandlers } from "./domain/job-handlers.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { brandTemplatesSettings } from "./settings.js";
import manifest from "./manifest.js";
import type { DataRuntime } from "../../lib/runtime.js";
import type { BrandTemplatesDependencies } from "./context.js";
import { CREATIONS_PER_TEMPLATE_PER_MINUTE, mountCreateLinks } from "./create-page.js";
import type { BrandTemplatesSettings } from "./settings.js";

function dependencies(runtime: DataRuntime, settings: BrandTemplatesSettings): BrandTemplatesDependencies {
  return {
    db: runtime.db.prisma,
    bus: runtime.bus,
    log: runtime.log,
    settings,
    files: runtime.files,
    publicUrl: runtime.config.publicUrl,
    viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE),
    createLinkKey: runtime.keyFor("brand-template-create-links"),
    continuationKey: runtime.keyFor("brand-template-continuations"),
    designBudgets: designContentBudgets(runtime.config.settings),
  };
}

export default defineDomain(manifest, {
  resolvers,
  settings: brandTemplatesSettings,
  dependencies,
  /** The templates' create links (signed, no API token); the gateway passes `/brand-templates/…` through. */
  routes: (app, runtime, settings) =>
    mountCreateLinks(app, dependencies(runtime, settings as BrandTemplatesSettings), runtime.limiters({ name: "brand-template-creations", points: CREATIONS_PER_TEMPLATE_PER_MINUTE, durationSeconds: 60 })),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime) => brandTemplateJobHandlers(runtime.db.prisma, designContentBudgets(runtime.config.settings)),
  jobErrorCodes: { [DESIGN_AUTOFILL]: AUTOFILL_ERROR_CODES },
});
