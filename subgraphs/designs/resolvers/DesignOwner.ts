import type { DesignOwnerResolvers } from "../__generated__/resolvers-types.js";
import { designUserId } from "../../../lib/auth/design-principal.js";

export const DesignOwner: DesignOwnerResolvers = {
  userId: (design) => designUserId(design.ownerId),
  teamId: (design) => design.teamId,
  user: (design) => ({ id: design.ownerId }),
  team: (design) => ({ id: design.teamId }),
};
