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
});
