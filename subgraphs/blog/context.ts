import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { BlogLoaders } from "./loaders.js";

export interface BlogDependencies {
  db: PrismaClient;
  log: Logger;
}

export type BlogContext = DomainContext<BlogDependencies, BlogLoaders>;
