import type { MutationResolvers } from "../__generated__/resolvers-types.js";
import { addContent } from "../domain/content.js";

export const Mutation: MutationResolvers = {
  connectPeer: (_parent, { peerAddr }, ctx) => ctx.node.connect(peerAddr, () => ctx.dials.consume(ctx.clientAddress)),
  addContent: (_parent, { base64 }, ctx) => addContent(ctx, base64),
};
