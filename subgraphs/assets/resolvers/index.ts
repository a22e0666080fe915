import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { asset } from "./Query/asset.js";
import { assetUploadJob } from "./Query/assetUploadJob.js";
import { urlAssetUploadJob } from "./Query/urlAssetUploadJob.js";
import { createAssetUploadJob } from "./Mutation/createAssetUploadJob.js";
import { createUrlAssetUploadJob } from "./Mutation/createUrlAssetUploadJob.js";
import { deleteAsset } from "./Mutation/deleteAsset.js";
import { requestAssetUpload } from "./Mutation/requestAssetUpload.js";
import { updateAsset } from "./Mutation/updateAsset.js";
import { Asset } from "./Asset.js";
import { AssetOwner } from "./AssetOwner.js";
import { AssetUploadJob } from "./AssetUploadJob.js";
import { UrlAssetUploadJob } from "./UrlAssetUploadJob.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { asset, assetUploadJob, urlAssetUploadJob },
  Mutation: { requestAssetUpload, createAssetUploadJob, createUrlAssetUploadJob, updateAsset, deleteAsset },
  Asset,
  AssetOwner,
  AssetUploadJob,
  UrlAssetUploadJob,
};
