import { defineManifest, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Projects, project requests and their approval, tasks and work orders (the business platform's work service). */
export default defineManifest({
  name: "work",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4002,
  codegen: {
    context: "../context.js#WorkContext",
    mappers: { Project: prismaModel("Project"), Task: prismaModel("Task"), WorkOrder: prismaModel("WorkOrder"), User: ENTITY_REFERENCE },
  },
});
