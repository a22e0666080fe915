import type { AssetOwnerResolvers } from "../__generated__/resolvers-types.js";
import { designUserId } from "../../../lib/auth/design-principal.js";

export const AssetOwner: AssetOwnerResolvers = {
  userId: (asset) => designUserId(asset.ownerId),
  teamId: (asset) => asset.teamId,
  user: (asset) => ({ id: asset.ownerId }),
  team: (asset) => ({ id: asset.teamId }),
};
