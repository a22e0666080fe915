import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { creatorsExportJob } from "../../domain/requests.js";

export const exportJob: QueryResolvers["exportJob"] = (_p, { id }, ctx) => creatorsExportJob(ctx, requireDesignPrincipal(ctx.auth), id);
