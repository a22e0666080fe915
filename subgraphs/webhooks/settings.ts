import type { Settings } from "../../lib/settings.js";

export type WebhooksSettings = ReturnType<typeof webhooksSettings>;

export function webhooksSettings(settings: Settings) {
  return {
    /** Webhook URLs may point at loopback and private addresses (local receivers, tests). */
    allowPrivate: settings.boolean("WEBHOOK_ALLOW_PRIVATE"),
    /** Only https webhook URLs in production. */
    httpsOnly: settings.string("NODE_ENV", "development") === "production",
    /** How long one attempt may take, connection to answer. */
    timeoutMs: settings.positiveInt("WEBHOOK_TIMEOUT_MS", 10_000),
    /** The first retry's delay; doubled per attempt up to `maxDelayMs`, each with jitter (between half and all of it). */
    retryBaseMs: settings.positiveInt("WEBHOOK_RETRY_BASE_MS", 10_000),
    maxDelayMs: settings.positiveInt("WEBHOOK_RETRY_MAX_DELAY_MS", 3_600_000),
    /** No attempt starts later than this after the event (or a redelivery). */
    retryWindowMs: settings.positiveInt("WEBHOOK_RETRY_WINDOW_SECONDS", 86_400) * 1000,
    /** Deliveries attempted at once by each worker process. */
    workers: settings.positiveInt("WEBHOOK_WORKERS", 8),
    /** Attempts to one integration at once per worker process: a slow receiver holds no more than this many. */
    perIntegration: settings.positiveInt("WEBHOOK_CONCURRENCY_PER_INTEGRATION", 2),
  };
}
