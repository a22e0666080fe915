import type { Limiter, LimiterFactory } from "../../../lib/rate-limit.js";
import type { ExportsSettings } from "../settings.js";

/** The export quotas on top of the per-minute rate: per design (by anyone) and per user (through any integration). */
export interface ExportQuotas {
  perDesign: Limiter;
  perUser: Limiter;
}

export function exportQuotas(limiters: LimiterFactory, settings: ExportsSettings): ExportQuotas {
  return {
    perDesign: limiters({ name: "exports-per-design", points: settings.perDesignPer5Minutes, durationSeconds: 5 * 60 }),
    perUser: limiters({ name: "exports-per-user", points: settings.perUserPerDay, durationSeconds: 24 * 60 * 60 }),
  };
}

/**
 * Counts one export against both quotas, or refuses (429 with `Retry-After`) and counts nothing;
 * `release` gives both back when the export was not started after all.
 */
export async function takeExportQuota(quotas: ExportQuotas, designId: string, userId: number): Promise<{ release(): Promise<void> }> {
  await quotas.perDesign.consume(designId);
  try {
    await quotas.perUser.consume(String(userId));
  } catch (error) {
    await quotas.perDesign.refund(designId);
    throw error;
  }
  return { release: async () => void (await Promise.all([quotas.perDesign.refund(designId), quotas.perUser.refund(String(userId))])) };
}
