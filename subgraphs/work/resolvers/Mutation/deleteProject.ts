import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { deleteProject as deleteProjectOperation } from "../../domain/projects.js";
import { projectId } from "../../domain/validation.js";

export const deleteProject: MutationResolvers["deleteProject"] = (_p, { id }, ctx) => deleteProjectOperation(ctx, projectId(id));
