import type { AssetUploadJobResolvers } from "../__generated__/resolvers-types.js";
import { ASSET_UPLOAD } from "../domain/upload-jobs.js";
import { uploadJobFields } from "./upload-job-fields.js";

export const AssetUploadJob: AssetUploadJobResolvers = uploadJobFields(ASSET_UPLOAD);
