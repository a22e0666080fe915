import type { PrismaClient } from "../../lib/db/database.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { AnalyticsLoaders } from "./loaders.js";

export interface AnalyticsDependencies {
  db: PrismaClient;
  /** Signs list continuations (derived from the deployment's secret). */
  continuationKey: Buffer;
}

export type AnalyticsContext = DomainContext<AnalyticsDependencies, AnalyticsLoaders>;
