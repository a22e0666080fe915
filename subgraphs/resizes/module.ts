import { DESIGN_VIEW_KEY_PURPOSE } from "../designs/public.js";
import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { jobSubscription } from "../../lib/modules/subscriptions.js";
import { resizeJobHandlers } from "./domain/job-handlers.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";

/** Resized copies of designs, made by durable jobs clients follow live (plans holding `resize` only). */
export default defineDomain({
  name: "resizes",
  platform: "design",
  schema: new URL("./schema.graphql", import.meta.url),
  declaresJobs: true,
  resolvers,
  port: 4008,
  /** The documented limits per integration and user, per minute. */
  rateLimits: {
    "Mutation.createDesignResizeJob": { operation: "createDesignResize", perMinute: 20 },
    "Query.designResizeJob": { operation: "getDesignResize", perMinute: 120 },
  },
  dependencies: (runtime) => ({ db: runtime.db.prisma, bus: runtime.bus, log: runtime.log, files: runtime.files, publicUrl: runtime.config.publicUrl, viewKey: runtime.keyFor(DESIGN_VIEW_KEY_PURPOSE) }),
  loaders: ({ db }) => createLoaders(db),
  jobs: (runtime) => resizeJobHandlers(runtime.db.prisma),
  subscriptions: [jobSubscription("designResizeJob")],
  codegen: {
    context: "../context.js#ResizesContext",
    mappers: {
      DesignResizeJob: prismaModel("Job"),
      ResizedDesignSummary: "../../designs/public.js#DesignSummaryData",
    },
  },
});
