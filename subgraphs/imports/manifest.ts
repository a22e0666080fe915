import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Files (sent or at a URL) read into new designs by durable jobs clients follow live. */
export default defineManifest({
  name: "imports",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4007,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.requestDesignImport": { operation: "createDesignImportJob", perMinute: 20 },
    "Query.designImportJob": { operation: "getDesignImportJob", perMinute: 120 },
    "Mutation.createUrlImportJob": { operation: "createUrlImportJob", perMinute: 20 },
    "Query.urlImportJob": { operation: "getUrlImportJob", perMinute: 120 },
  },
  subscriptions: [jobSubscription("designImportJob"), jobSubscription("urlImportJob")],
  codegen: {
    context: "../context.js#ImportsContext",
    mappers: {
      DesignImportJob: prismaModel("Job"),
      UrlImportJob: prismaModel("Job", "UrlJobModel"),
      DesignImportResult: "../domain/import-jobs.js#ImportResult",
      ImportedDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
});
