import { requireDesignPrincipal } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listItems } from "../../domain/listing.js";

export const folderItems: QueryResolvers["folderItems"] = (_p, { folderId, ...args }, ctx) => listItems(ctx, requireDesignPrincipal(ctx.auth), folderId, args);
