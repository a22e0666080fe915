import path from "node:path";
import type { CodegenConfig } from "@graphql-codegen/cli";
import { MANIFESTS } from "./subgraphs/manifests.js";

/** Typed resolvers for every domain of the catalog (its manifest alone): federation on, the domain's context, its models as mappers. */
const config: CodegenConfig = {
  overwrite: true,
  silent: process.env.CODEGEN_VERBOSE !== "1",
  generates: Object.fromEntries(
    MANIFESTS.filter((domain) => domain.codegen).map((domain) => [
      path.join(path.dirname(domain.schemaFiles[0]), "__generated__/resolvers-types.ts"),
      {
        schema: domain.schemaFiles,
        plugins: ["typescript", "typescript-resolvers"],
        config: {
          federation: true,
          useIndexSignature: true,
          contextType: domain.codegen!.context,
          mappers: domain.codegen!.mappers,
          enumsAsTypes: true,
          useTypeImports: true,
          scalars: { DateTime: "Date | string", Date: "Date", Decimal: "string" },
        },
      },
    ]),
  ),
};

export default config;
