import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { selectedColumns } from "../../../../lib/graphql/selected-columns.js";
import { PROJECT_COLUMNS } from "../../columns.js";
import { listProjects } from "../../domain/projects.js";

export const projects: QueryResolvers["projects"] = (_p, _a, ctx, info) => listProjects(ctx, selectedColumns(info, PROJECT_COLUMNS));
