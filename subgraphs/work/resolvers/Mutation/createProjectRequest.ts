import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { createProjectRequest as createProjectRequestOperation } from "../../domain/project-requests.js";

export const createProjectRequest: MutationResolvers["createProjectRequest"] = (_p, { input }, ctx) => createProjectRequestOperation(ctx, input);
