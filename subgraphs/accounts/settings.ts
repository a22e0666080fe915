import type { Settings } from "../../lib/settings.js";

export type AccountsSettings = ReturnType<typeof accountsSettings>;

export function accountsSettings(settings: Settings) {
  const port = settings.port("PORT", 4000);
  const production = settings.string("NODE_ENV", "development") === "production";
  const bootstrapSecret = settings.optionalString("BOOTSTRAP_SECRET");
  return {
    /**
     * Who may become the initial SUPERUSER: the first registration carrying `secret` when one is set;
     * with none, the first registration at all outside production, and nobody in production.
     */
    bootstrap: { secret: bootstrapSecret, openToFirstComer: bootstrapSecret === undefined && !production },
    /** Failed logins allowed per email or address within `loginWindowSeconds`. */
    loginFailures: settings.positiveInt("LOGIN_MAX_FAILURES", 10),
    loginWindowSeconds: settings.positiveInt("LOGIN_FAILURE_WINDOW_SECONDS", 900),
    /** Registrations (accounts created) per client network address per hour. */
    registrationsPerAddressPerHour: settings.positiveInt("ADDRESS_REGISTRATIONS_PER_HOUR", 20),
    /** Password and signature checks (logins, registrations, linking an identity) per client network address per minute. */
    credentialChecksPerAddressPerMinute: settings.positiveInt("ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE", 30),
    /** Sign-in challenges issued per address per minute. */
    challengesPerMinute: settings.positiveInt("SIGN_IN_CHALLENGES_PER_MINUTE", 10),
    /** Email verification links: how long one stays valid, how many a user may request per hour. */
    emailVerification: {
      ttlSeconds: settings.positiveInt("EMAIL_VERIFICATION_TTL_SECONDS", 24 * 60 * 60),
      requestsPerHour: settings.positiveInt("EMAIL_VERIFICATION_REQUESTS_PER_HOUR", 5),
    },
    /** The EIP-4361 sign-in messages this server issues for wallets to sign. */
    blockchainSignIn: {
      domain: settings.string("SIGN_IN_DOMAIN", "localhost"),
      uri: settings.string("SIGN_IN_URI", `http://localhost:${port}`),
      chainId: settings.positiveInt("SIGN_IN_CHAIN_ID", 1),
      /** Messages a wallet's app composes itself must name `chainId` only when SIGN_IN_CHAIN_ID is set. */
      chainIdRequired: settings.optionalString("SIGN_IN_CHAIN_ID") !== undefined,
      nonceTtlSeconds: settings.positiveInt("SIGN_IN_NONCE_TTL_SECONDS", 300),
    },
  };
}
