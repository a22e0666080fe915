import type { DesignEditorViewerResolvers } from "../__generated__/resolvers-types.js";

export const DesignEditorViewer: DesignEditorViewerResolvers = {
  user: (viewer) => ({ id: viewer.userId }),
};
