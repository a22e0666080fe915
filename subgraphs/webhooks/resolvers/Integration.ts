import { requireCaller } from "../../../lib/auth/request-auth.js";
import type { IntegrationResolvers } from "../__generated__/resolvers-types.js";
import { listDeliveries } from "../domain/deliveries.js";
import { ownsIntegration, requireOwnIntegration } from "../domain/owners.js";

export const Integration: IntegrationResolvers = {
  __resolveReference: (reference) => ({ clientId: reference.clientId }),
  webhook: async ({ clientId }, _args, ctx) => {
    if (!(await ownsIntegration(ctx, requireCaller(ctx.auth), clientId))) return null;
    return ctx.db.webhookEndpoint.findUnique({ where: { clientId } });
  },
  webhookDeliveries: async ({ clientId }, args, ctx) => {
    await requireOwnIntegration(ctx, requireCaller(ctx.auth), clientId);
    return listDeliveries(ctx, clientId, args);
  },
};
