import type { Settings } from "../../lib/settings.js";

export type FoldersSettings = ReturnType<typeof foldersSettings>;

export function foldersSettings(settings: Settings) {
  return {
    /** Most items one folder holds (`root` and `uploads` excepted); one more is refused (`FOLDER_FULL`). */
    itemsPerFolder: settings.positiveInt("FOLDER_ITEMS_MAX", 1000),
    /** How long a deleted asset stays in the trash before it (and its files) are deleted for good, unless a design shows it. */
    trashRetentionMs: settings.positiveInt("TRASH_RETENTION_DAYS", 30) * 24 * 60 * 60 * 1000,
  };
}
