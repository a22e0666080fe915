import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { currentUser } from "../../domain/viewer.js";

export const myIdentities: QueryResolvers["myIdentities"] = async (_parent, _args, ctx) => {
  const user = await currentUser(ctx);
  return ctx.loaders.identitiesByUserId.load(user.id);
};
