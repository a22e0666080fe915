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
});
