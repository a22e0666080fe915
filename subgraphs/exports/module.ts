import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";
import { exportJobHandlers } from "./domain/export-job-handler.js";
import { sweepExpiredExportFiles, SWEEP_EXPORT_FILES_EVERY_MS } from "./domain/housekeeping.js";
import { exportQuotas } from "./domain/quotas.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { exportsSettings } from "./settings.js";

/** Designs drawn into real files (PDF, PNG, JPEG, GIF, PPTX, MP4) by durable jobs clients follow live. */
export default defineDomain({
  name: "exports",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  resolvers,
  port: 4009,
  settings: exportsSettings,
  /** The documented limits per integration and user, per minute (reading a job: not documented, 120 like the other jobs). */
  rateLimits: {
    "Mutation.createDesignExportJob": { operation: "createDesignExportJob", perMinute: 20 },
    "Query.exportJob": { operation: "getDesignExportJob", perMinute: 120 },
  },
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    bus: runtime.bus,
    files: runtime.files,
    settings,
    quotas: exportQuotas(runtime.limiters, settings),
  }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => exportJobHandlers({ db: runtime.db.prisma, files: runtime.files, log: runtime.log, settings }),
  sweeps: (runtime) => [
    { name: "expired export files", everyMs: SWEEP_EXPORT_FILES_EVERY_MS, run: () => sweepExpiredExportFiles(runtime.db.prisma, runtime.files) },
  ],
  subscriptions: [jobSubscription("exportJob")],
  codegen: {
    context: "../context.js#ExportsContext",
    mappers: { ExportJob: prismaModel("Job") },
  },
});
