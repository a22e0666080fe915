import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { updateProject as updateProjectOperation } from "../../domain/projects.js";
import { projectId } from "../../domain/validation.js";

export const updateProject: MutationResolvers["updateProject"] = (_p, { id, input }, ctx) => updateProjectOperation(ctx, projectId(id), input);
