import type { WebhooksSettings } from "../settings.js";

/** One delivery's attempts, as a job: the engine keeps it through restarts; the handler decides retries. */
export const WEBHOOK_DELIVERY_JOB = "webhook_delivery";

/** Deferrals (the integration busy) do not count; the retry window ends a delivery long before this. */
const DELIVERY_JOB_ATTEMPTS = 1000;

/** The job of one delivery; the integration is in its input so a busy integration's backlog can be put off at once. */
export function deliveryJob(ownerId: number, deliveryId: string, clientId: string) {
  return { kind: WEBHOOK_DELIVERY_JOB, ownerId, input: { deliveryId, clientId }, maxAttempts: DELIVERY_JOB_ATTEMPTS };
}

/** How an attempt's answer decides what follows: 2xx delivered; no answer, 5xx, 408, 429 retried; anything else given up. */
export function outcomeOf(status: number | null): "delivered" | "retry" | "failed" {
  if (status === null || status >= 500 || status === 408 || status === 429) return "retry";
  return status >= 200 && status < 300 ? "delivered" : "failed";
}

/** The wait before attempt `attempt + 1`: the base doubled per attempt, capped, with jitter (half to all of it). */
export function retryDelayMs(settings: Pick<WebhooksSettings, "retryBaseMs" | "maxDelayMs">, attempt: number, random = Math.random()): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.retryBaseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
