import type { Resolvers } from "../__generated__/resolvers-types.js";
import { createDesignExportJob } from "./Mutation/createDesignExportJob.js";
import { exportJob } from "./Query/exportJob.js";
import { ExportJob } from "./ExportJob.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  Query: { exportJob },
  Mutation: { createDesignExportJob },
  ExportJob,
};
