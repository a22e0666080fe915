import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { clientsOwnedBy } from "../../domain/oauth/clients.js";

export const myIntegrations: QueryResolvers["myIntegrations"] = (_p, _args, ctx) => clientsOwnedBy(ctx.db, requireCaller(ctx.auth).userId);
