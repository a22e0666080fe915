import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { creatorsAutofillJob } from "../../domain/autofill-jobs.js";

export const designAutofillJob: QueryResolvers["designAutofillJob"] = (_p, { id }, ctx) => creatorsAutofillJob(ctx.loaders.jobById, requireDesignPrincipal(ctx.auth).userId, id);
