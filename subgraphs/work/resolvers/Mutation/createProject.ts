import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createProject as createProjectOperation } from "../../domain/projects.js";

export const createProject: MutationResolvers["createProject"] = (_p, { input }, ctx) => createProjectOperation(ctx, input);
