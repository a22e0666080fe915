import { requireCaller } from "../../../../lib/auth/request-auth.js";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { redeliver } from "../../domain/deliveries.js";

export const redeliverWebhook: MutationResolvers["redeliverWebhook"] = (_p, { deliveryId }, ctx) => redeliver(ctx, requireCaller(ctx.auth), deliveryId);
