import type { BusinessPrincipal } from "../../../lib/auth/business-token.js";
import { NotFoundError } from "../../../lib/errors.js";
import { integrationOwner } from "../../identity/public.js";
import type { WebhooksContext } from "../context.js";

/** Webhook settings, removals and redeliveries one user may make a minute (each can reach a server). */
export const WEBHOOK_CHANGES_PER_MINUTE = 30;

/** Counts a change by the caller against WEBHOOK_CHANGES_PER_MINUTE (429 with Retry-After past it); the operator's tools are not counted. */
export async function countChange(ctx: WebhooksContext, caller: BusinessPrincipal): Promise<void> {
  if (!caller.operator) await ctx.changes.consume(String(caller.userId));
}

/**
 * 404 unless the caller owns the integration (the operator's tools manage any): someone else's
 * integration is as unknown as one that does not exist.
 */
export async function requireOwnIntegration(ctx: WebhooksContext, caller: BusinessPrincipal, clientId: string): Promise<void> {
  const integration = await integrationOwner(ctx.db, clientId);
  if (integration && (caller.operator || integration.ownerId === caller.userId)) return;
  throw new NotFoundError("Integration not found");
}

/** Whether the caller owns the integration (the operator's tools own all). */
export async function ownsIntegration(ctx: WebhooksContext, caller: BusinessPrincipal, clientId: string): Promise<boolean> {
  const integration = await integrationOwner(ctx.db, clientId);
  return Boolean(integration && (caller.operator || integration.ownerId === caller.userId));
}
