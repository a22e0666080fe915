import Stripe from "stripe";
import type { PaymentsSettings } from "../settings.js";
import { BadGatewayError, ServiceUnavailableError } from "../../../lib/errors.js";

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** The card processor, as far as this product uses it. */
export interface CardProcessor {
  createPaymentIntent(request: {
    amountMinor: number;
    currency: string;
    invoiceId: number;
    idempotencyKey: string;
  }): Promise<CreatedIntent>;
}

/** The processor's official SDK, pointed at `PROCESSOR_API_URL` when set (tests, proxies). */
export function createCardProcessor(settings: PaymentsSettings["processor"]): CardProcessor | undefined {
  if (!settings.secretKey) return undefined;
  const api = settings.apiUrl;
  const client = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(api ? { host: api.hostname, port: api.port || undefined, protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  return {
    async createPaymentIntent({ amountMinor, currency, invoiceId, idempotencyKey }) {
      try {
        const intent = await client.paymentIntents.create(
          { amount: amountMinor, currency: currency.toLowerCase(), metadata: { invoiceId: String(invoiceId) } },
          { idempotencyKey },
        );
        if (!intent.client_secret) throw new BadGatewayError("Card processor returned no client secret");
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        if (error instanceof BadGatewayError) throw error;
        throw new BadGatewayError(`Card processor error: ${(error as Error).message}`);
      }
    },
  };
}

export function requireProcessor(processor: CardProcessor | undefined): CardProcessor {
  if (!processor) throw new ServiceUnavailableError("Stripe not configured");
  return processor;
}
