import type { AccountsContext } from "../context.js";

/**
 * Counts a mutation that checks a password or a signature against the caller's network address,
 * and one that creates an account against its registration budget too: many identities (emails,
 * wallets) from one address share these budgets. Refused with 429 before any work is done.
 */
export async function limitByAddress(ctx: Pick<AccountsContext, "limits" | "clientAddress">, kind: "credential-check" | "registration"): Promise<void> {
  if (kind === "registration") await ctx.limits.registrationsPerAddress.consume(ctx.clientAddress);
  await ctx.limits.credentialChecksPerAddress.consume(ctx.clientAddress);
}
