import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import { creatorsJob } from "../../../../lib/jobs/creators-jobs.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { URL_IMPORT } from "../../domain/import-jobs.js";

export const urlImportJob: QueryResolvers["urlImportJob"] = (_p, { id }, ctx) => creatorsJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth).userId, id, URL_IMPORT);
