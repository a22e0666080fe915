import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { FoldersLoaders } from "./loaders.js";
import type { FoldersSettings } from "./settings.js";

export interface FoldersDependencies {
  db: PrismaClient;
  log: Logger;
  /** Signed thumbnail URLs of the designs and images a listing shows. */
  files: FileService;
  /** Where clients reach the deployment: the designs' edit and view URLs. */
  publicUrl: string;
  /** Signs the designs' view and edit links (the designs domain's key). */
  viewKey: Buffer;
  /** Signs listing continuations (derived from the deployment's secret). */
  continuationKey: Buffer;
  limits: FoldersSettings;
}

export type FoldersContext = DomainContext<FoldersDependencies, FoldersLoaders>;
