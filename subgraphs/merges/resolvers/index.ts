import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { designMergeJob } from "./Query/designMergeJob.js";
import { createDesignMergeJob } from "./Mutation/createDesignMergeJob.js";
import { DesignMergeJob } from "./DesignMergeJob.js";
import { MergedDesignSummary } from "./MergedDesignSummary.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { designMergeJob },
  Mutation: { createDesignMergeJob },
  DesignMergeJob,
  MergedDesignSummary,
};
