import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { FileService } from "../../lib/storage/file-service.js";
import type { ExportsLoaders } from "./loaders.js";
import type { ExportQuotas } from "./domain/quotas.js";
import type { ExportsSettings } from "./settings.js";

export interface ExportsDependencies {
  db: PrismaClient;
  log: Logger;
  bus: Bus;
  files: FileService;
  settings: ExportsSettings;
  quotas: ExportQuotas;
}

export type ExportsContext = DomainContext<ExportsDependencies, ExportsLoaders>;
