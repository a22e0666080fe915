import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { FolderResolvers } from "../__generated__/resolvers-types.js";
import { listItems } from "../domain/listing.js";
import { folderOfTeam } from "../domain/places.js";

export const Folder: FolderResolvers = {
  /** Only the folder's team sees it. */
  __resolveReference: (key, ctx) => folderOfTeam(ctx, requireDesignPrincipal(ctx.auth, ["folder:read"]).teamId, key.id),
  parentFolderId: (folder) => folder.parentId,
  items: (folder, args, ctx) => listItems(ctx, requireDesignPrincipal(ctx.auth), folder.id, args),
};
