import type { PrismaClient } from "../../lib/db/database.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { ForumLimits } from "./domain/limits.js";
import type { ForumLoaders } from "./loaders.js";

export interface ForumDependencies {
  db: PrismaClient;
  /** Where answers, votes, accepts and closings are announced (the `questionActivity` subscription). */
  bus: Bus;
  /** Per-user budgets of new questions and answers, and of votes (429 past them). */
  limits: ForumLimits;
}

export type ForumContext = DomainContext<ForumDependencies, ForumLoaders>;
