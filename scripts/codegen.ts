import { readCommandLine } from "../lib/process/command-line.js";
import { generate } from "@graphql-codegen/cli";
import config from "../codegen.js";

/** Writes every domain's typed resolvers (`subgraphs/<domain>/__generated__/`), as listed by the registry. */
readCommandLine(`Usage: npm run generate

The Prisma client (generated/prisma), then every domain's typed resolvers (subgraphs/<domain>/__generated__/)
from its schema.graphql. npm install runs it.`);

await generate(config, true);
