import path from "node:path";
import { MANIFESTS } from "./subgraphs/manifests.js";

/** What codegen writes for one domain: its typed resolvers, from its schema files. */
export interface CodegenTarget {
  output: string;
  schemaFiles: string[];
  config: Record<string, unknown>;
}

/** Typed resolvers for every domain of the catalog (its manifest alone): federation on, the domain's context, its models as mappers. */
export const targets: CodegenTarget[] = MANIFESTS.filter((domain) => domain.codegen).map((domain) => ({
  output: path.join(path.dirname(domain.schemaFiles[0]), "__generated__/resolvers-types.ts"),
  schemaFiles: domain.schemaFiles,
  config: {
    federation: true,
    useIndexSignature: true,
    contextType: domain.codegen!.context,
    mappers: domain.codegen!.mappers,
    enumsAsTypes: true,
    useTypeImports: true,
    scalars: { DateTime: "Date | string", Date: "Date", Decimal: "string" },
  },
}));
