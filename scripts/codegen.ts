import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { codegen } from "@graphql-codegen/core";
import * as typescript from "@graphql-codegen/typescript";
import * as typescriptResolvers from "@graphql-codegen/typescript-resolvers";
import { mergeTypeDefs } from "@graphql-tools/merge";
import { getDocumentNodeFromSchema } from "@graphql-tools/utils";
import { buildASTSchema, lexicographicSortSchema, parse } from "graphql";
import { readCommandLine } from "../lib/process/command-line.js";
import { targets } from "../codegen.js";

readCommandLine(`Usage: npm run generate

The Prisma client (generated/prisma), then every domain's typed resolvers (subgraphs/<domain>/__generated__/)
from its schema.graphql. npm install runs it.`);

/** The codegen library itself (not its command line, whose schema loaders fetch URLs and pull a large tree). */
await Promise.all(
  targets.map(async (target) => {
    const typeDefs = mergeTypeDefs(target.schemaFiles.map((file) => parse(readFileSync(file, "utf8"))), { sort: true, convertExtensions: true });
    const schemaAst = lexicographicSortSchema(buildASTSchema(typeDefs, { assumeValidSDL: true }));
    const output = await codegen({
      filename: target.output,
      schema: getDocumentNodeFromSchema(schemaAst),
      schemaAst,
      documents: [],
      config: target.config,
      plugins: [{ typescript: {} }, { "typescript-resolvers": {} }],
      pluginMap: { typescript, "typescript-resolvers": typescriptResolvers },
    });
    mkdirSync(path.dirname(target.output), { recursive: true });
    writeFileSync(target.output, output);
  }),
);
