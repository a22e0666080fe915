import type { Settings } from "../../lib/settings.js";

export type BrandTemplatesSettings = ReturnType<typeof brandTemplatesSettings>;

export function brandTemplatesSettings(settings: Settings) {
  return {
    /** How long after a template is published its former-format id still finds it (documented: 6 months). */
    legacyIdMonths: settings.positiveInt("BRAND_TEMPLATE_LEGACY_ID_MONTHS", 6),
  };
}
