import { DESIGN_VIEW_KEY_PURPOSE, designContentBudgets } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { DESIGN_IMPORT, IMPORT_ERROR_CODES, URL_IMPORT } from "./domain/import-jobs.js";
import { importJobHandlers } from "./domain/job-handlers.js";
import { IMPORT_SLOT_PREFIX, receiveImportUpload, sweepExpiredImportUploads } from "./domain/uploads.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { importsSettings } from "./settings.js";
import manifest from "./manifest.js";

/** How often a worker process removes import upload slots that expired unused, with their bytes. */
const SWEEP_UPLOADS_EVERY_MS = 10 * 60 * 1000;

export default defineDomain(manifest, {
  resolvers,
  settings: importsSettings,
  dependencies: (runtime) => ({ db: runtime.db.prisma, log: runtime.log, bus: runtime.bus, files: runtime.files, publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE) }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => importJobHandlers({ db: runtime.db.prisma, blobs: runtime.files, settings, designBudgets: designContentBudgets(runtime.config.settings) }),
  jobErrorCodes: { [DESIGN_IMPORT]: IMPORT_ERROR_CODES, [URL_IMPORT]: IMPORT_ERROR_CODES },
  sweeps: (runtime) => [
    { name: "expired import uploads", everyMs: SWEEP_UPLOADS_EVERY_MS, run: () => sweepExpiredImportUploads({ db: runtime.db.prisma, blobs: runtime.files }) },
  ],
  uploads: (runtime, settings) => ({
    prefix: IMPORT_SLOT_PREFIX,
    receive: (slotId, body, declaredBytes) => receiveImportUpload({ db: runtime.db.prisma, blobs: runtime.files }, slotId, { body, declaredBytes }, settings.maxBytes),
  }),
});
