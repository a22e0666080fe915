import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Brand templates (a team's designs published with data fields) and autofill jobs filling them into new designs. */
export default defineManifest({
  name: "brand-templates",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4011,
  /** The documented limits per integration and user, per minute (publishing is not documented: 20, like creating a design). */
  rateLimits: {
    "Query.brandTemplates": { operation: "listBrandTemplates", perMinute: 100 },
    "Query.brandTemplate": { operation: "getBrandTemplate", perMinute: 100 },
    "Query.brandTemplateDataset": { operation: "getBrandTemplateDataset", perMinute: 100 },
    "Query.designDataset": { operation: "getDesignDataset", perMinute: 100 },
    "Mutation.publishBrandTemplate": { operation: "publishBrandTemplate", perMinute: 20 },
    "Mutation.createDesignAutofillJob": { operation: "createDesignAutofillJob", perMinute: 10 },
    "Query.designAutofillJob": { operation: "getDesignAutofillJob", perMinute: 60 },
    "Query.autofillJob": { operation: "getDesignAutofillJob", perMinute: 60 },
  },
  subscriptions: [jobSubscription("autofillJob")],
  publicPaths: ["/brand-templates"],
  codegen: {
    context: "../context.js#BrandTemplatesContext",
    mappers: {
      BrandTemplate: prismaModel("BrandTemplate"),
      BrandTemplateDataField: "../domain/references.js#DataFieldShape",
      DesignAutofillJob: prismaModel("Job"),
      AutofillDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
  settingDocs: [
    { names: ["BRAND_TEMPLATE_LEGACY_ID_MONTHS"], default: "`6`", meaning: "months after publishing during which a brand template's former-format id still finds it" },
  ],
});
