import type { Settings } from "../../lib/settings.js";

export type PaymentsSettings = ReturnType<typeof paymentsSettings>;

/** The card processor: API key, webhook signing secret, and (tests, proxies) another API base URL. */
export function paymentsSettings(settings: Settings) {
  return {
    processor: {
      secretKey: settings.optionalString("PROCESSOR_SECRET_KEY"),
      webhookSecret: settings.optionalString("PROCESSOR_WEBHOOK_SECRET"),
      apiUrl: settings.url("PROCESSOR_API_URL"),
    },
  };
}
