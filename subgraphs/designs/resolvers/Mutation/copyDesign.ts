import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { copyTeamDesign } from "../../domain/copy-design.js";

export const copyDesign: MutationResolvers["copyDesign"] = (_p, { designId, pageNumbers }, ctx) => copyTeamDesign(ctx, requireDesignPrincipal(ctx.auth), { designId, pageNumbers });
