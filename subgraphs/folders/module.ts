import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { emptyTrash, EMPTY_TRASH_EVERY_MS } from "./domain/trash.js";
import { resolvers } from "./resolvers/index.js";
import { foldersSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: foldersSettings,
  dependencies: (runtime, limits) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    files: runtime.files,
    publicUrl: runtime.config.publicUrl,
    viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE),
    continuationKey: runtime.keyFor("folder-continuations"),
    limits,
  }),
  loaders: ({ db }) => createLoaders(db),
  sweeps: (runtime, limits) => [
    { name: "assets past their time in the trash", everyMs: EMPTY_TRASH_EVERY_MS, run: () => emptyTrash({ db: runtime.db.prisma, files: runtime.files }, limits.trashRetentionMs) },
  ],
});
