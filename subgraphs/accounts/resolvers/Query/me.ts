import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { currentUser } from "../../domain/viewer.js";

export const me: QueryResolvers["me"] = (_parent, _args, ctx) => currentUser(ctx);
