import type { Settings } from "../../lib/settings.js";

export type FoldersSettings = ReturnType<typeof foldersSettings>;

export function foldersSettings(settings: Settings) {
  return {
    /** Most items one folder holds (`root` and `uploads` excepted); one more is refused (`FOLDER_FULL`). */
    itemsPerFolder: settings.positiveInt("FOLDER_ITEMS_MAX", 1000),
  };
}
