import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { creatorsJob, URL_IMPORT } from "../../domain/import-jobs.js";

export const urlImportJob: QueryResolvers["urlImportJob"] = (_p, { id }, ctx) => creatorsJob(ctx, requireDesignPrincipal(ctx.auth), id, URL_IMPORT);
