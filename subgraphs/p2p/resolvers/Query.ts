import type { QueryResolvers } from "../__generated__/resolvers-types.js";
import { contentData, heldContent } from "../domain/content.js";

export const Query: QueryResolvers = {
  p2pNode: (_parent, _args, ctx) => ctx.node.health(),
  content: (_parent, { cid }, ctx) => heldContent(ctx, cid),
  contentData: (_parent, { cid }, ctx) => contentData(ctx, cid),
};
