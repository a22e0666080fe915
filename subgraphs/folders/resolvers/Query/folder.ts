import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { teamFolder } from "../../domain/places.js";

export const folder: QueryResolvers["folder"] = (_p, { id }, ctx) => teamFolder(ctx, requireDesignPrincipal(ctx.auth), id);
