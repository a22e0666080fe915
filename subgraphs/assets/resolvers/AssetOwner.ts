import type { AssetOwnerResolvers } from "../__generated__/resolvers-types.js";

export const AssetOwner: AssetOwnerResolvers = {
  userId: (asset) => `U${asset.ownerId}`,
  teamId: (asset) => asset.teamId,
  user: (asset) => ({ id: asset.ownerId }),
  team: (asset) => ({ id: asset.teamId }),
};
