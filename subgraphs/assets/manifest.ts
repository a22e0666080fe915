import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";

/** Images and videos a team uploads (by bytes or from a URL), processed by durable jobs clients follow live. */
export default defineManifest({
  name: "assets",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  port: 4005,
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
  servesFiles: true,
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
  settingDocs: [
    { names: ["ASSET_MAX_BYTES"], default: "`100mb`", meaning: "largest asset (upload or fetched); more fails the job with `file_too_big`" },
    { names: ["URL_VIDEO_MAX_BYTES"], default: "`100mb`", meaning: "largest video fetched from a URL" },
    { names: ["ASSET_MAX_PIXELS"], default: "`100000000`", meaning: "largest image decoded (width × height, times the frames of an animated image), read from its header; a larger one fails its job with `import_failed` (an import's with `invalid_file`) before it is decoded" },
    { names: ["ASSET_VIDEO_MAX_SECONDS"], default: "`14400`", meaning: "longest video (MP4, QuickTime) an asset may be, read from its header; a longer one fails its job with `import_failed`" },
    { names: ["ASSET_VIDEO_MAX_HEADER_BYTES"], default: "`16mb`", meaning: "largest header (`moov` box: tracks and sample tables) of a video read for its dimensions and duration; a larger one fails its job with `import_failed` before it is read" },
    { names: ["URL_FETCH_TIMEOUT_MS"], default: "`30000`", meaning: "time limit of one URL fetch (URL uploads and URL imports), redirects included" },
    { names: ["URL_FETCH_ALLOW_PRIVATE"], default: "`false`", meaning: "let URL uploads and URL imports reach private, loopback and link-local addresses (local use and tests only)" },
  ],
});
