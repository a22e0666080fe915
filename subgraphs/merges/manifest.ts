import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Pages of designs combined into a new design or into an existing one, by durable jobs clients follow live. */
export default defineManifest({
  name: "merges",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4017,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.createDesignMergeJob": { operation: "createDesignMergeJob", perMinute: 100 },
    "Query.designMergeJob": { operation: "getDesignMergeJob", perMinute: 100 },
  },
  subscriptions: [jobSubscription("designMergeJob")],
  codegen: {
    context: "../context.js#MergesContext",
    mappers: {
      DesignMergeJob: prismaModel("Job"),
      MergedDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
});
