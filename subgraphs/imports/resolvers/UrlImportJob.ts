import type { UrlImportJobResolvers } from "../__generated__/resolvers-types.js";
import { URL_IMPORT } from "../domain/import-jobs.js";
import { importJobFields } from "./import-job-fields.js";

export const UrlImportJob: UrlImportJobResolvers = importJobFields(URL_IMPORT);
