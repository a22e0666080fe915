import type { PrismaClient } from "../../lib/db/database.js";
import type { KeyStore } from "../../lib/auth/verification-keys.js";
import type { Logger } from "../../lib/logger.js";
import type { Bus } from "../../lib/pubsub.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { WebhooksLoaders } from "./loaders.js";
import type { WebhooksSettings } from "./settings.js";

export interface WebhooksDependencies {
  db: PrismaClient;
  /** Delivery jobs are announced on it (workers wake). */
  bus: Bus;
  settings: WebhooksSettings;
}

/** What the delivery worker needs besides: the key store webhooks are signed from. */
export interface WebhookSender extends WebhooksDependencies {
  keys: KeyStore;
  log: Logger;
}

export type WebhooksContext = DomainContext<WebhooksDependencies, WebhooksLoaders>;
