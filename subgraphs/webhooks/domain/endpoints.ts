import type { WebhookEndpoint } from "../../../generated/prisma/client.js";
import { ValidationError } from "../../../lib/errors.js";
import { checkPublicUrl, FetchRefusedError } from "../../../lib/net/safe-fetch.js";
import type { WebhooksContext } from "../context.js";
import { isEventKind, NOTIFICATION_KINDS } from "./kinds.js";

const URL_MAX = 2048;

async function checkedUrl(ctx: WebhooksContext, raw: string): Promise<string> {
  if (raw.length > URL_MAX) throw new ValidationError("url", `url must be at most ${URL_MAX} characters`);
  try {
    return (await checkPublicUrl(raw, ctx.settings)).toString();
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new ValidationError("url", error.message);
    throw error;
  }
}

/**
 * Sets (or replaces) the integration's webhook: the URL checked as URL uploads are, one or more known
 * kinds; without kinds (`null`), every notification type of the specification, as Canva's portal does.
 */
export async function setWebhook(ctx: WebhooksContext, clientId: string, rawUrl: string, kinds: readonly string[] | null | undefined): Promise<WebhookEndpoint> {
  const events = [...new Set(kinds ?? NOTIFICATION_KINDS)];
  if (events.length === 0) throw new ValidationError("events", "Choose at least one event kind");
  const unknown = events.find((kind) => !isEventKind(kind));
  if (unknown !== undefined) throw new ValidationError("events", `Unknown event kind "${unknown}"`);
  const url = await checkedUrl(ctx, rawUrl);
  return ctx.db.webhookEndpoint.upsert({ where: { clientId }, create: { clientId, url, events }, update: { url, events } });
}

/** Removes the webhook; its pending deliveries fail when their next attempt comes. */
export async function removeWebhook(ctx: WebhooksContext, clientId: string): Promise<boolean> {
  const removed = await ctx.db.webhookEndpoint.deleteMany({ where: { clientId } });
  return removed.count > 0;
}
