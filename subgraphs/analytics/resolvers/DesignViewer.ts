import type { DesignViewerResolvers } from "../__generated__/resolvers-types.js";

export const DesignViewer: DesignViewerResolvers = {
  viewerType: async (viewer, _a, ctx) => ((await ctx.loaders.linkById.load(viewer.linkId))?.purpose === "edit" ? "editor" : "viewer"),
  visibility: () => "anonymous",
};
