import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { designResizeJob } from "./Query/designResizeJob.js";
import { createDesignResizeJob } from "./Mutation/createDesignResizeJob.js";
import { DesignResizeJob } from "./DesignResizeJob.js";
import { ResizedDesignSummary } from "./ResizedDesignSummary.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { designResizeJob },
  Mutation: { createDesignResizeJob },
  DesignResizeJob,
  ResizedDesignSummary,
};
