import type { ProjectResolvers } from "../__generated__/resolvers-types.js";
import { contentOfField } from "../domain/content.js";

export const Project: ProjectResolvers = {
  __resolveReference: (reference) => reference,
  metadata: (project, _args, ctx) => contentOfField(ctx, project.ipfsMetadataCid),
};
