import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { folder } from "./Query/folder.js";
import { folderItems } from "./Query/folderItems.js";
import { createFolder } from "./Mutation/createFolder.js";
import { updateFolder } from "./Mutation/updateFolder.js";
import { deleteFolder } from "./Mutation/deleteFolder.js";
import { moveFolderItem } from "./Mutation/moveFolderItem.js";
import { Asset } from "./Asset.js";
import { Design } from "./Design.js";
import { Folder } from "./Folder.js";
import { FolderDesignSummary } from "./FolderDesignSummary.js";
import { FolderImageSummary } from "./FolderImageSummary.js";

const ITEM_TYPES = { folder: "FolderItemFolder", design: "FolderItemDesign", image: "FolderItemImage" } as const;

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { folder, folderItems },
  Mutation: { createFolder, updateFolder, deleteFolder, moveFolderItem },
  Asset,
  Design,
  Folder,
  FolderDesignSummary,
  FolderImageSummary,
  FolderItem: { __resolveType: (item) => ITEM_TYPES[item.type] },
};
