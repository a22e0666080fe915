import type { PrismaClient } from "../../lib/db/database.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { CardProcessor } from "./domain/card-processor.js";
import type { PaymentsLoaders } from "./loaders.js";

export interface PaymentsDependencies {
  db: PrismaClient;
  log: Logger;
  /** Absent when PROCESSOR_SECRET_KEY is not set: card features answer 503. */
  processor: CardProcessor | undefined;
  /** Absent when PROCESSOR_WEBHOOK_SECRET is not set: the webhook answers 503. */
  webhookSecret: string | undefined;
}

export type PaymentsContext = DomainContext<PaymentsDependencies, PaymentsLoaders>;
