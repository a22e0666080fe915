import type { CodegenConfig } from "@graphql-codegen/cli";

/** Typed resolvers for every subgraph: federation on, the subgraph's context, Prisma models as mappers. */
const subgraphs: Record<string, { context: string; mappers: Record<string, string> }> = {
  accounts: {
    context: "../context.js#AccountsContext",
    mappers: {
      User: "../../../generated/prisma/client.js#User as UserModel",
      Identity: "../../../generated/prisma/client.js#Identity as IdentityModel",
    },
  },
};

const config: CodegenConfig = {
  overwrite: true,
  silent: true,
  generates: Object.fromEntries(
    Object.entries(subgraphs).map(([name, { context, mappers }]) => [
      `subgraphs/${name}/__generated__/resolvers-types.ts`,
      {
        schema: `subgraphs/${name}/schema.graphql`,
        plugins: ["typescript", "typescript-resolvers"],
        config: {
          federation: true,
          useIndexSignature: true,
          contextType: context,
          mappers,
          enumsAsTypes: true,
          useTypeImports: true,
          scalars: { DateTime: "Date | string" },
        },
      },
    ]),
  ),
};

export default config;
