import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";
import { brandTemplateJobHandlers } from "./domain/job-handlers.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { brandTemplatesSettings } from "./settings.js";

/** Brand templates (a team's designs published with data fields) and autofill jobs filling them into new designs. */
export default defineDomain({
  name: "brand-templates",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  resolvers,
  port: 4011,
  settings: brandTemplatesSettings,
  /** The documented limits per integration and user, per minute (publishing is not documented: 20, like creating a design). */
  rateLimits: {
    "Query.brandTemplates": { operation: "listBrandTemplates", perMinute: 100 },
    "Query.brandTemplate": { operation: "getBrandTemplate", perMinute: 100 },
    "Query.brandTemplateDataset": { operation: "getBrandTemplateDataset", perMinute: 100 },
    "Mutation.publishBrandTemplate": { operation: "publishBrandTemplate", perMinute: 20 },
    "Mutation.createDesignAutofillJob": { operation: "createDesignAutofillJob", perMinute: 10 },
    "Query.designAutofillJob": { operation: "getDesignAutofillJob", perMinute: 60 },
    "Query.autofillJob": { operation: "getDesignAutofillJob", perMinute: 60 },
  },
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
  subscriptions: [jobSubscription("autofillJob")],
  codegen: {
    context: "../context.js#BrandTemplatesContext",
    mappers: {
      BrandTemplate: prismaModel("BrandTemplate"),
      BrandTemplateDataField: prismaModel("BrandTemplateField"),
      DesignAutofillJob: prismaModel("Job"),
      AutofillDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
});
