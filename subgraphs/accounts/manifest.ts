import { defineManifest, prismaModel } from "../../lib/modules/domain-manifest.js";

/** Users, their identities (email + password, wallets) and roles: the business platform's auth service. */
export default defineManifest({
  name: "accounts",
  platform: "business",
  schema: new URL("./schema.graphql", import.meta.url),
  port: 4001,
  aliases: { port: ["ACCOUNTS_PORT"], url: ["ACCOUNTS_URL"] },
  codegen: {
    context: "../context.js#AccountsContext",
    mappers: {
      User: prismaModel("User"),
      Identity: prismaModel("Identity"),
    },
  },
  settingDocs: [
    { names: ["LOGIN_MAX_FAILURES","LOGIN_FAILURE_WINDOW_SECONDS"], default: "`10`, `900`", meaning: "failed logins per email or address before a 429 lockout" },
    { names: ["SIGN_IN_CHALLENGES_PER_MINUTE"], default: "`10`", meaning: "wallet sign-in messages issued per address per minute" },
    { names: ["ADDRESS_REGISTRATIONS_PER_HOUR"], default: "`20`", meaning: "accounts created per client address per hour (429 past it)" },
    { names: ["ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE"], default: "`30`", meaning: "logins, registrations and identity links (each checks a password or a signature) per client address per minute" },
    { names: ["SIGN_IN_DOMAIN","SIGN_IN_URI","SIGN_IN_CHAIN_ID"], default: "`localhost`, `http://localhost:$PORT`, `1`", meaning: "what wallet sign-in messages name" },
    { names: ["SIGN_IN_NONCE_TTL_SECONDS"], default: "`300`", meaning: "lifetime of a sign-in message" },
    { names: ["EMAIL_VERIFICATION_TTL_SECONDS"], default: "`86400`", meaning: "lifetime of an email verification link" },
    { names: ["EMAIL_VERIFICATION_REQUESTS_PER_HOUR"], default: "`5`", meaning: "verification links a user may request per hour (then 429)" },
    { names: ["BOOTSTRAP_SECRET"], default: "—", meaning: "when set, only a registration carrying it (`bootstrapSecret` in the body or the input) becomes the initial SUPERUSER; unset, the first registration does outside production and none does in production" },
  ],
});
