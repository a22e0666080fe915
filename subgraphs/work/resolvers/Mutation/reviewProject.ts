import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { reviewProject as reviewProjectOperation } from "../../domain/project-requests.js";
import { projectId } from "../../domain/validation.js";

export const reviewProject: MutationResolvers["reviewProject"] = (_p, { id, action, reason }, ctx) => reviewProjectOperation(ctx, projectId(id), action, reason);
