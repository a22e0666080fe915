import type { DesignChangeResolvers } from "../__generated__/resolvers-types.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { visibleDesign } from "../domain/designs.js";

const ids = (value: unknown) => value as string[];

export const DesignChange: DesignChangeResolvers = {
  author: (change) => ({ id: change.authorId }),
  operations: (change) => change.operations as never,
  changedElementIds: (change) => ids(change.changedElementIds),
  removedElementIds: (change) => ids(change.removedElementIds),
  design: (change, _a, ctx) => visibleDesign(ctx, requireDesignPrincipal(ctx.auth), change.designId),
};
