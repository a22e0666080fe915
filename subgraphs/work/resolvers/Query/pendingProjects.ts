import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listPending } from "../../domain/project-requests.js";

export const pendingProjects: QueryResolvers["pendingProjects"] = (_p, _a, ctx) => listPending(ctx);
