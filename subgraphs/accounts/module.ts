import { defineDomain } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { accountsSettings } from "./settings.js";
import manifest from "./manifest.js";

export default defineDomain(manifest, {
  resolvers,
  settings: accountsSettings,
  dependencies: (runtime, settings) => ({
    db: runtime.db.prisma,
    tokens: runtime.tokens,
    roles: runtime.roles,
    signIn: settings.blockchainSignIn,
    bootstrap: settings.bootstrap,
    emailVerification: {
      ttlSeconds: settings.emailVerification.ttlSeconds,
      linkBase: `${runtime.config.publicUrl}/api/auth/verify-email`,
      sealingKey: runtime.keyFor("email-verification"),
    },
    log: runtime.log,
    limits: {
      loginFailures: runtime.limiters({ name: "login-failures", points: settings.loginFailures, durationSeconds: settings.loginWindowSeconds }),
      challenges: runtime.limiters({ name: "sign-in-challenges", points: settings.challengesPerMinute, durationSeconds: 60 }),
      registrationsPerAddress: runtime.limiters({ name: "address-registrations", points: settings.registrationsPerAddressPerHour, durationSeconds: 3600 }),
      credentialChecksPerAddress: runtime.limiters({
        name: "address-credential-checks",
        points: settings.credentialChecksPerAddressPerMinute,
        durationSeconds: 60,
      }),
      emailVerificationRequests: runtime.limiters({
        name: "email-verification-requests",
        points: settings.emailVerification.requestsPerHour,
        durationSeconds: 3600,
      }),
    },
  }),
  loaders: ({ db }) => createLoaders(db),
});
