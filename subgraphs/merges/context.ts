import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { MergesLoaders } from "./loaders.js";

export interface MergesDependencies {
  db: PrismaClient;
  bus: Bus;
  log: Logger;
  /** Where the designs' rendered thumbnails are stored and signed. */
  files: FileService;
  /** Where clients reach the deployment: the designs' edit and view URLs. */
  publicUrl: string;
  /** Signs the designs' view and edit links (the designs domain's key). */
  viewKey: Buffer;
}

export type MergesContext = DomainContext<MergesDependencies, MergesLoaders>;
