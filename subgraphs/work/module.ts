import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";

/** Projects, project requests and their approval, tasks and work orders (the business platform's work service). */
export default defineDomain({
  name: "work",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4002,
  dependencies: (runtime) => ({ db: runtime.db.prisma, log: runtime.log }),
  loaders: ({ db }) => createLoaders(db),
  codegen: {
    context: "../context.js#WorkContext",
    mappers: { Project: prismaModel("Project"), Task: prismaModel("Task"), WorkOrder: prismaModel("WorkOrder"), User: ENTITY_REFERENCE },
  },
});
