import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { getProjectRequest } from "../../domain/project-requests.js";
import { projectRequestId } from "../../domain/validation.js";

export const projectRequest: QueryResolvers["projectRequest"] = (_p, { id }, ctx) => getProjectRequest(ctx, projectRequestId(id));
