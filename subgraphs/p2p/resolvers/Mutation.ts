import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../__generated__/resolvers-types.js";
import { addContent } from "../domain/content.js";

export const Mutation: MutationResolvers = {
  connectPeer: (_parent, { peerAddr }, ctx) => {
    if (ctx.settings.connectNeedsSignIn) requirePrincipal(ctx.auth);
    return ctx.node.connect(peerAddr, () => ctx.dials.consume(ctx.clientAddress));
  },
  addContent: (_parent, { base64 }, ctx) => addContent(ctx, base64),
};
