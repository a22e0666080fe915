import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { assertMaySeePrivateFields, currentUser } from "../../domain/viewer.js";

export const user: QueryResolvers["user"] = async (_parent, { id }, ctx) => {
  await currentUser(ctx);
  if (!Number.isInteger(id) || id <= 0) return null;
  const found = await ctx.loaders.userById.load(id);
  if (found) await assertMaySeePrivateFields(ctx, found);
  return found;
};
