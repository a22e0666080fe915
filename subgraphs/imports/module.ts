import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";
import { importJobHandlers } from "./domain/job-handlers.js";
import { IMPORT_SLOT_PREFIX, receiveImportUpload, sweepExpiredImportUploads } from "./domain/uploads.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { importsSettings } from "./settings.js";

/** How often a worker process removes import upload slots that expired unused, with their bytes. */
const SWEEP_UPLOADS_EVERY_MS = 10 * 60 * 1000;

/** Files (sent or at a URL) read into new designs by durable jobs clients follow live. */
export default defineDomain({
  name: "imports",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  resolvers,
  port: 4007,
  settings: importsSettings,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.requestDesignImport": { operation: "createDesignImportJob", perMinute: 20 },
    "Query.designImportJob": { operation: "getDesignImportJob", perMinute: 120 },
    "Mutation.createUrlImportJob": { operation: "createUrlImportJob", perMinute: 20 },
    "Query.urlImportJob": { operation: "getUrlImportJob", perMinute: 120 },
  },
  dependencies: (runtime) => ({ db: runtime.db.prisma, log: runtime.log, bus: runtime.bus, files: runtime.files, publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE) }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => importJobHandlers({ db: runtime.db.prisma, blobs: runtime.files, settings }),
  sweeps: (runtime) => [
    { name: "expired import uploads", everyMs: SWEEP_UPLOADS_EVERY_MS, run: () => sweepExpiredImportUploads({ db: runtime.db.prisma, blobs: runtime.files }) },
  ],
  uploads: (runtime, settings) => ({
    prefix: IMPORT_SLOT_PREFIX,
    receive: (slotId, body, declaredBytes) => receiveImportUpload({ db: runtime.db.prisma, blobs: runtime.files }, slotId, { body, declaredBytes }, settings.maxBytes),
  }),
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
