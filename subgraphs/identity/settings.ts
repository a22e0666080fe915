import type { Settings } from "../../lib/settings.js";

export type IdentitySettings = ReturnType<typeof identitySettings>;

export function identitySettings(settings: Settings) {
  return {
    /** Integrations one owner may register (the operator's tools are not counted against it). */
    integrationsPerOwner: settings.positiveInt("INTEGRATIONS_PER_OWNER", 10),
    /** Plain-http redirect URIs on this machine (localhost, 127.0.0.1, [::1]) are for development only. */
    loopbackHttpRedirects: settings.string("NODE_ENV", "development") !== "production",
  };
}
