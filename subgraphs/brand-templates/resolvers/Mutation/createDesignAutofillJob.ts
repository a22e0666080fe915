import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createAutofillJob } from "../../domain/autofill-jobs.js";

export const createDesignAutofillJob: MutationResolvers["createDesignAutofillJob"] = (_p, { brandTemplateId, title, data }, ctx) =>
  createAutofillJob(ctx, requireDesignPrincipal(ctx.auth), { brandTemplateId, title, data });
