import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { WorkLoaders } from "./loaders.js";

export interface WorkDependencies {
  db: PrismaClient;
  log: Logger;
}

export type WorkContext = DomainContext<WorkDependencies, WorkLoaders>;
