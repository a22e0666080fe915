import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { creatorsJob, DESIGN_IMPORT } from "../../domain/import-jobs.js";

export const designImportJob: QueryResolvers["designImportJob"] = (_p, { id }, ctx) => creatorsJob(ctx, requireDesignPrincipal(ctx.auth), id, DESIGN_IMPORT);
