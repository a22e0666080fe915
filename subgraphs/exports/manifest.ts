import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Designs drawn into real files (PDF, PNG, JPEG, GIF, PPTX, MP4) by durable jobs clients follow live. */
export default defineManifest({
  name: "exports",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4009,
  /** The documented limits per integration and user, per minute (reading a job: not documented, 120 like the other jobs). */
  rateLimits: {
    "Mutation.createDesignExportJob": { operation: "createDesignExportJob", perMinute: 20 },
    "Query.exportJob": { operation: "getDesignExportJob", perMinute: 120 },
  },
  subscriptions: [jobSubscription("exportJob")],
  codegen: {
    context: "../context.js#ExportsContext",
    mappers: { ExportJob: prismaModel("Job") },
  },
});
