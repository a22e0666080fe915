import { defineDomain, prismaModel } from "../../lib/modules/domain-module.js";
import { createLoaders } from "./loaders.js";
import { resolvers } from "./resolvers/index.js";
import { accountsSettings } from "./settings.js";

/** Users, their identities (email + password, wallets) and roles: the business platform's auth service. */
export default defineDomain({
  name: "accounts",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  resolvers,
  port: 4001,
  aliases: { port: ["ACCOUNTS_PORT"], url: ["ACCOUNTS_URL"] },
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
  codegen: {
    context: "../context.js#AccountsContext",
    mappers: {
      User: prismaModel("User"),
      Identity: prismaModel("Identity"),
    },
  },
});
