import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createUrlImportJob as createJob } from "../../domain/requests.js";

export const createUrlImportJob: MutationResolvers["createUrlImportJob"] = (_p, { title, url, mimeType }, ctx) =>
  createJob(ctx, requireDesignPrincipal(ctx.auth), { title, url, mimeType });
