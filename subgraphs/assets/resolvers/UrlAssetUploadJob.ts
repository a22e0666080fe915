import type { UrlAssetUploadJobResolvers } from "../__generated__/resolvers-types.js";
import { URL_ASSET_UPLOAD } from "../domain/upload-jobs.js";
import { uploadJobFields } from "./upload-job-fields.js";

export const UrlAssetUploadJob: UrlAssetUploadJobResolvers = uploadJobFields(URL_ASSET_UPLOAD);
