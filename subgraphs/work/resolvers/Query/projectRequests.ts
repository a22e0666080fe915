import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listOwnRequests } from "../../domain/project-requests.js";

export const projectRequests: QueryResolvers["projectRequests"] = (_p, _a, ctx) => listOwnRequests(ctx);
