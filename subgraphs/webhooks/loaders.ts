import type DataLoader from "dataloader";
import type { PrismaClient, WebhookAttempt } from "../../generated/prisma/client.js";
import { groupLoader } from "../../lib/db/loaders.js";

export interface WebhooksLoaders {
  /** Each delivery's attempts, oldest first. */
  attemptsByDelivery: DataLoader<string, WebhookAttempt[]>;
}

export function createLoaders(db: PrismaClient): WebhooksLoaders {
  return {
    attemptsByDelivery: groupLoader<WebhookAttempt, string>(db.webhookAttempt, "deliveryId", { orderBy: { number: "asc" } }),
  };
}
