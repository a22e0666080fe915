import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { issueChallenge } from "../../domain/blockchain-challenge.js";

export const requestBlockchainChallenge: MutationResolvers["requestBlockchainChallenge"] = (_parent, { address }, ctx) =>
  issueChallenge(ctx.db, ctx.signIn, ctx.limits.challenges, address);
