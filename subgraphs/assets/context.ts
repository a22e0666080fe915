import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { AssetsLoaders } from "./loaders.js";

export interface AssetsDependencies {
  db: PrismaClient;
  log: Logger;
  bus: Bus;
  files: FileService;
}

export type AssetsContext = DomainContext<AssetsDependencies, AssetsLoaders>;
