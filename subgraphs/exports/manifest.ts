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
  settingDocs: [
    { names: ["EXPORT_MAX_PIXELS"], default: "`40000000`", meaning: "most pixels of one exported image (page, stacked image, frame): a size asked beyond it is a 400, a larger page without a size asked is drawn scaled down" },
    { names: ["EXPORT_MAX_TOTAL_PIXELS"], default: "`100000000`", meaning: "most pixels a GIF or PPTX export draws in all pages together (those encoders hold every page until the file is written; PDF, PNG and JPEG pages are written one at a time): more is a 400 on `format.pages`" },
    { names: ["EXPORTS_PER_DESIGN_PER_5_MINUTES"], default: "`75`", meaning: "exports of one design per 5 minutes, by anyone; past it 429 with `Retry-After`" },
    { names: ["EXPORTS_PER_USER_PER_DAY"], default: "`500`", meaning: "exports one user starts per 24 hours, through any integration; past it 429 with `Retry-After`" },
  ],
});
