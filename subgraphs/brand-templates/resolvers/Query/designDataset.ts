import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { teamDesignDataset } from "../../domain/template-designs.js";

export const designDataset: QueryResolvers["designDataset"] = (_p, { designId }, ctx) => teamDesignDataset(ctx.db, requireDesignPrincipal(ctx.auth), designId);
