import type { IntegrationResolvers } from "../__generated__/resolvers-types.js";

export const Integration: IntegrationResolvers = {
  clientId: (client) => client.id,
  /** Another subgraph's fields of an integration (its webhook) ask for it by client id; they check who may see it. */
  __resolveReference: (reference, ctx) => (reference.clientId.length <= 50 ? ctx.loaders.integrationById.load(reference.clientId) : null),
};
