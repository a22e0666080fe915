import { defineDomain } from "../../lib/modules/domain-module.js";
import { assetJobHandlers } from "./domain/job-handlers.js";
import { ASSET_UPLOAD, UPLOAD_ERROR_CODES, URL_ASSET_UPLOAD } from "./domain/upload-jobs.js";
import { receiveUpload, sweepExpiredUploads, UPLOAD_SLOT_PREFIX } from "./domain/uploads.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { assetsSettings } from "./settings.js";
import manifest from "./manifest.js";

/** How often a worker process removes upload slots that expired unused, with their bytes. */
const SWEEP_UPLOADS_EVERY_MS = 10 * 60 * 1000;

export default defineDomain(manifest, {
  resolvers,
  settings: assetsSettings,
  dependencies: (runtime) => ({ db: runtime.db.prisma, log: runtime.log, bus: runtime.bus, files: runtime.files }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => assetJobHandlers({ db: runtime.db.prisma, blobs: runtime.files, assets: settings }),
  jobErrorCodes: { [ASSET_UPLOAD]: UPLOAD_ERROR_CODES, [URL_ASSET_UPLOAD]: UPLOAD_ERROR_CODES },
  sweeps: (runtime) => [
    { name: "expired upload slots", everyMs: SWEEP_UPLOADS_EVERY_MS, run: () => sweepExpiredUploads({ db: runtime.db.prisma, blobs: runtime.files }) },
  ],
  uploads: (runtime, settings) => ({
    prefix: UPLOAD_SLOT_PREFIX,
    receive: (slotId, body, declaredBytes) => receiveUpload({ db: runtime.db.prisma, blobs: runtime.files }, slotId, { body, declaredBytes }, settings.maxBytes),
  }),
});
