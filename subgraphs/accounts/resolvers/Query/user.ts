import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { currentUser } from "../../domain/viewer.js";

/** Any signed-in caller sees id and name; the private fields guard themselves (see User.ts). */
export const user: QueryResolvers["user"] = async (_parent, { id }, ctx) => {
  await currentUser(ctx);
  if (!Number.isInteger(id) || id <= 0) return null;
  return ctx.loaders.userById.load(id);
};
