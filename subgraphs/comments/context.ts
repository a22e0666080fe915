import type { PrismaClient } from "../../lib/db/database.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Bus } from "../../lib/pubsub.js";
import type { CommentsLoaders } from "./loaders.js";
import type { CommentsSettings } from "./settings.js";

export interface CommentsDependencies {
  db: PrismaClient;
  /** Where new threads and replies are announced (the `designComments` subscription). */
  bus: Bus;
  /** Signs list continuations (derived from the deployment's secret). */
  continuationKey: Buffer;
  limits: CommentsSettings;
}

export type CommentsContext = DomainContext<CommentsDependencies, CommentsLoaders>;
