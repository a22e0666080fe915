import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { publishTemplate } from "../../domain/publishing.js";

export const publishBrandTemplate: MutationResolvers["publishBrandTemplate"] = (_p, { designId, title, fields }, ctx) =>
  publishTemplate(ctx, requireDesignPrincipal(ctx.auth), { designId, title, fields });
