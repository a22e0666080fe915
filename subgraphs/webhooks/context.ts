import type { PrismaClient } from "../../lib/db/database.js";
import type { KeyStore } from "../../lib/auth/verification-keys.js";
import type { Logger } from "../../lib/logger.js";
import type { Bus } from "../../lib/pubsub.js";
import type { Limiter } from "../../lib/rate-limit.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { WebhooksLoaders } from "./loaders.js";
import type { WebhooksSettings } from "./settings.js";

export interface WebhooksDependencies {
  db: PrismaClient;
  /** Delivery jobs are announced on it (workers wake). */
  bus: Bus;
  settings: WebhooksSettings;
  /** Webhook settings and redeliveries per user: each may make a request to someone's server. */
  changes: Limiter;
}

/** What the delivery worker needs: the database, the settings, the key store webhooks are signed from, a logger. */
export interface WebhookSender extends Pick<WebhooksDependencies, "db" | "settings"> {
  keys: KeyStore;
  log: Logger;
}

export type WebhooksContext = DomainContext<WebhooksDependencies, WebhooksLoaders>;
