import { defineDomain, ENTITY_REFERENCE, prismaModel } from "../../lib/modules/domain-module.js";
import { createCardProcessor } from "./domain/card-processor.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { paymentsSettings } from "./settings.js";

/** Invoices, payments, card payments through the card processor and its signed webhook. */
export default defineDomain({
  name: "payments",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4003,
  settings: paymentsSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    log: runtime.log,
    processor: createCardProcessor(settings.processor),
    webhookSecret: settings.processor.webhookSecret,
  }),
  loaders: ({ db }) => createLoaders(db),
  codegen: {
    context: "../context.js#PaymentsContext",
    mappers: { Invoice: prismaModel("Invoice"), Payment: prismaModel("Payment"), Refund: prismaModel("Refund"), User: ENTITY_REFERENCE, Project: ENTITY_REFERENCE },
  },
});
