import type { InvoiceStatus, PaymentMethod } from "../../../generated/prisma/client.js";
import type { InvoiceInput, PaymentInput } from "../__generated__/resolvers-types.js";

/**
 * The business platform overview names some values otherwise than the service reference: an invoice
 * ISSUED is SENT, and its CRYPTO payment method is one of the reference's coins when the payment's
 * network says which. Outputs always carry the reference's names.
 */
export function invoiceStatus(status: InvoiceInput["status"]): InvoiceStatus | null | undefined {
  return status === "ISSUED" ? "SENT" : status;
}

const COINS: [RegExp, PaymentMethod][] = [
  [/\b(bitcoin|btc)\b/i, "CRYPTO_BTC"],
  [/\busdc\b/i, "CRYPTO_USDC"],
  [/\b(ethereum|eth)\b/i, "CRYPTO_ETH"],
];

export function paymentMethod(method: PaymentInput["paymentMethod"], network: string | null | undefined): PaymentMethod | null {
  if (method !== "CRYPTO" || !network) return method ?? null;
  return COINS.find(([names]) => names.test(network))?.[1] ?? "CRYPTO";
}
