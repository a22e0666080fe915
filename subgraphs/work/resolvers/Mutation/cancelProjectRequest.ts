import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { cancelProjectRequest as cancelProjectRequestOperation } from "../../domain/project-requests.js";
import { projectRequestId } from "../../domain/validation.js";

export const cancelProjectRequest: MutationResolvers["cancelProjectRequest"] = (_p, { id }, ctx) => cancelProjectRequestOperation(ctx, projectRequestId(id));
