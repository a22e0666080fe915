import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import type { FoldersContext } from "../context.js";
import { folderOfTeam, isTopLevel, ROOT } from "../domain/places.js";
import type { ItemKey } from "../domain/references.js";

/** Where a design or image of the caller's team is: `root` when it was never moved (or another team's). */
async function placeOf(ctx: FoldersContext, item: ItemKey): Promise<string> {
  const placement = await ctx.loaders.placementByItem.load(item.id);
  return placement?.teamId === requireDesignPrincipal(ctx.auth).teamId ? placement.parentId : ROOT;
}

/** `Design.folderId` / `folder` and `Asset.folderId` / `folder`: the same for both kinds of item. */
export const placedItemFields = {
  __resolveReference: (key: ItemKey) => ({ id: key.id }),
  folderId: (item: ItemKey, _a: unknown, ctx: FoldersContext) => placeOf(ctx, item),
  folder: async (item: ItemKey, _a: unknown, ctx: FoldersContext) => {
    const place = await placeOf(ctx, item);
    return isTopLevel(place) ? null : folderOfTeam(ctx, requireDesignPrincipal(ctx.auth).teamId, place);
  },
};
