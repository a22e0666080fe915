import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { Limiter } from "../../lib/rate-limit.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { BlogLoaders } from "./loaders.js";

export interface BlogDependencies {
  db: PrismaClient;
  log: Logger;
  /** Community posts created or edited per user (BLOG_COMMUNITY_WRITES_PER_HOUR). */
  communityWrites: Limiter;
}

export type BlogContext = DomainContext<BlogDependencies, BlogLoaders>;
