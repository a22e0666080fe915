import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { listProjects } from "../../domain/projects.js";

export const projects: QueryResolvers["projects"] = (_p, _a, ctx) => listProjects(ctx);
