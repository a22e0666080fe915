import { generate } from "@graphql-codegen/cli";
import config from "../codegen.js";

/** Writes every domain's typed resolvers (`subgraphs/<domain>/__generated__/`), as listed by the registry. */
await generate(config, true);
