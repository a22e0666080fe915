import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";

/** A team's folders, and where its designs and image assets are placed among them. */
export default defineManifest({
  name: "folders",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4016,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.createFolder": { operation: "createFolder", perMinute: 20 },
    "Query.folder": { operation: "getFolder", perMinute: 100 },
    "Mutation.updateFolder": { operation: "updateFolder", perMinute: 20 },
    "Mutation.deleteFolder": { operation: "deleteFolder", perMinute: 20 },
    "Query.folderItems": { operation: "listFolderItems", perMinute: 100 },
    "Mutation.moveFolderItem": { operation: "moveFolderItem", perMinute: 100 },
  },
  codegen: {
    context: "../context.js#FoldersContext",
    mappers: {
      Folder: prismaModel("Folder"),
      Design: "../domain/references.js#ItemKey",
      Asset: "../domain/references.js#ItemKey",
      FolderDesignSummary: "../domain/listing.js#DesignEntry",
      FolderImageSummary: "../domain/listing.js#ImageEntry",
      FolderItemFolder: "../domain/listing.js#FolderEntryItem",
      FolderItemDesign: "../domain/listing.js#DesignEntryItem",
      FolderItemImage: "../domain/listing.js#ImageEntryItem",
    },
  },
  settingDocs: [
    { names: ["TRASH_RETENTION_DAYS"], default: "`30`", meaning: "days a deleted asset stays in the trash; then the hourly sweep deletes it for good with its files (from the blob store) and its place in folders — unless a design still shows it, which keeps it" },
    { names: ["FOLDER_ITEMS_MAX"], default: "`1000`", meaning: "most items (folders, designs, images) one folder holds; one more is refused (reason `FOLDER_FULL`; a 400 on REST). `root` and `uploads` have no such limit" },
  ],
});
