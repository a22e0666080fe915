import type { DesignImportJobResolvers } from "../__generated__/resolvers-types.js";
import { DESIGN_IMPORT } from "../domain/import-jobs.js";
import { importJobFields } from "./import-job-fields.js";

export const DesignImportJob: DesignImportJobResolvers = importJobFields(DESIGN_IMPORT);
