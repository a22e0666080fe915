import type { IntegrationResolvers } from "../__generated__/resolvers-types.js";

export const Integration: IntegrationResolvers = {
  clientId: (client) => client.id,
};
