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
  work: {
    context: "../context.js#WorkContext",
    mappers: {
      Project: "../../../generated/prisma/client.js#Project as ProjectModel",
      Task: "../../../generated/prisma/client.js#Task as TaskModel",
      WorkOrder: "../../../generated/prisma/client.js#WorkOrder as WorkOrderModel",
      User: "../../../lib/graphql/entity-reference.js#EntityReference",
    },
  },
  payments: {
    context: "../context.js#PaymentsContext",
    mappers: {
      Invoice: "../../../generated/prisma/client.js#Invoice as InvoiceModel",
      Payment: "../../../generated/prisma/client.js#Payment as PaymentModel",
      User: "../../../lib/graphql/entity-reference.js#EntityReference",
      Project: "../../../lib/graphql/entity-reference.js#EntityReference",
    },
  },
  identity: {
    context: "../context.js#IdentityContext",
    mappers: {
      Team: "../../../generated/prisma/client.js#Team as TeamModel",
      User: "../../../lib/graphql/entity-reference.js#EntityReference",
    },
  },
  assets: {
    context: "../context.js#AssetsContext",
    mappers: {
      Asset: "../../../generated/prisma/client.js#Asset as AssetModel",
      AssetOwner: "../../../generated/prisma/client.js#Asset as AssetOwnerModel",
      AssetUploadJob: "../../../generated/prisma/client.js#Job as JobModel",
      UrlAssetUploadJob: "../../../generated/prisma/client.js#Job as UrlJobModel",
      User: "../../../lib/graphql/entity-reference.js#EntityReference",
      Team: "../domain/assets.js#TeamReference",
    },
  },
};

const config: CodegenConfig = {
  overwrite: true,
  silent: process.env.CODEGEN_VERBOSE !== "1",
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
          scalars: { DateTime: "Date | string", Date: "Date", Decimal: "string" },
        },
      },
    ]),
  ),
};

export default config;
