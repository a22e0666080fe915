import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";
import { assetJobHandlers } from "./domain/job-handlers.js";
import { receiveUpload, sweepExpiredUploads, UPLOAD_SLOT_PREFIX } from "./domain/uploads.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { assetsSettings } from "./settings.js";

/** How often a worker process removes upload slots that expired unused, with their bytes. */
const SWEEP_UPLOADS_EVERY_MS = 10 * 60 * 1000;

/** Images and videos a team uploads (by bytes or from a URL), processed by durable jobs clients follow live. */
export default defineDomain({
  name: "assets",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  resolvers,
  port: 4005,
  settings: assetsSettings,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Query.asset": { operation: "getAsset", perMinute: 100 },
    "Query.assetUploadJob": { operation: "getAssetUploadJob", perMinute: 180 },
    "Query.urlAssetUploadJob": { operation: "getUrlAssetUploadJob", perMinute: 180 },
    "Mutation.requestAssetUpload": { operation: "createAssetUploadJob", perMinute: 30 },
    "Mutation.createUrlAssetUploadJob": { operation: "createUrlAssetUploadJob", perMinute: 30 },
    "Mutation.updateAsset": { operation: "updateAsset", perMinute: 30 },
    "Mutation.deleteAsset": { operation: "deleteAsset", perMinute: 30 },
  },
  dependencies: (runtime) => ({ db: runtime.db.prisma, log: runtime.log, bus: runtime.bus, files: runtime.files }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime, settings) => assetJobHandlers({ db: runtime.db.prisma, blobs: runtime.files, assets: settings }),
  sweeps: (runtime) => [
    { name: "expired upload slots", everyMs: SWEEP_UPLOADS_EVERY_MS, run: () => sweepExpiredUploads({ db: runtime.db.prisma, blobs: runtime.files }) },
  ],
  servesFiles: true,
  uploads: (runtime, settings) => ({
    prefix: UPLOAD_SLOT_PREFIX,
    receive: (slotId, body, declaredBytes) => receiveUpload({ db: runtime.db.prisma, blobs: runtime.files }, slotId, { body, declaredBytes }, settings.maxBytes),
  }),
  subscriptions: [jobSubscription("assetUploadJob"), jobSubscription("urlAssetUploadJob")],
  codegen: {
    context: "../context.js#AssetsContext",
    mappers: {
      Asset: prismaModel("Asset"),
      AssetOwner: prismaModel("Asset", "AssetOwnerModel"),
      AssetUploadJob: prismaModel("Job"),
      UrlAssetUploadJob: prismaModel("Job", "UrlJobModel"),
      User: ENTITY_REFERENCE,
      Team: "../domain/assets.js#TeamReference",
    },
  },
});
