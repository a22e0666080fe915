import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { capabilitiesOf } from "../../domain/teams.js";

export const designCapabilities: QueryResolvers["designCapabilities"] = async (_p, _a, ctx) =>
  capabilitiesOf((await ctx.loaders.teamByUserId.load(requireDesignPrincipal(ctx.auth).userId)).plan);
