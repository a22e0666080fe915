import { defineDomain } from "../../lib/modules/domain-module.js";
import { exportJobHandlers } from "./domain/export-job-handler.js";
import { DESIGN_EXPORT, EXPORT_ERROR_CODES } from "./domain/export-jobs.js";
import { sweepExpiredExportFiles, SWEEP_EXPORT_FILES_EVERY_MS } from "./domain/housekeeping.js";
import { exportQuotas } from "./domain/quotas.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { exportsSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: exportsSettings,
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
  jobErrorCodes: { [DESIGN_EXPORT]: EXPORT_ERROR_CODES },
  sweeps: (runtime) => [
    { name: "expired export files", everyMs: SWEEP_EXPORT_FILES_EVERY_MS, run: () => sweepExpiredExportFiles(runtime.db.prisma, runtime.files) },
  ],
});
