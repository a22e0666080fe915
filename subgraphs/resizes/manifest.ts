import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Resized copies of designs, made by durable jobs clients follow live (plans holding `resize` only). */
export default defineManifest({
  name: "resizes",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4008,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.createDesignResizeJob": { operation: "createDesignResize", perMinute: 20 },
    "Query.designResizeJob": { operation: "getDesignResize", perMinute: 120 },
  },
  subscriptions: [jobSubscription("designResizeJob")],
  codegen: {
    context: "../context.js#ResizesContext",
    mappers: {
      DesignResizeJob: prismaModel("Job"),
      ResizedDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
});
