import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getProject } from "../../domain/projects.js";
import { projectId } from "../../domain/validation.js";

export const project: QueryResolvers["project"] = (_p, { id }, ctx) => getProject(ctx, projectId(id));
