import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { clientsAwaitingReview } from "../../domain/oauth/review.js";

export const integrationsAwaitingReview: QueryResolvers["integrationsAwaitingReview"] = (_p, _args, ctx) => clientsAwaitingReview(ctx.db);
