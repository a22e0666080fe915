import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parse } from "graphql";
import { composeServices } from "@apollo/composition";
import { SUBGRAPHS, type SubgraphUrls } from "./subgraphs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export class CompositionError extends Error {}

/** Composes the subgraphs' own schema files into a supergraph (federation 2), or says why it cannot. */
export async function composeSupergraph(urls: SubgraphUrls): Promise<string> {
  const services = await Promise.all(
    SUBGRAPHS.map(async ({ name, schemaFile }) => ({
      name,
      url: urls[name],
      typeDefs: parse(await readFile(ROOT + schemaFile, "utf8")),
    })),
  );
  const result = composeServices(services);
  if (result.errors) {
    throw new CompositionError(`subgraphs do not compose:\n${result.errors.map((e) => `- ${e.message}`).join("\n")}`);
  }
  return withSecurityLeftToSubgraphs(result.supergraphSdl);
}

/**
 * @apollo/gateway refuses supergraphs whose `@authenticated` / `@requiresScopes` links are marked
 * `for: SECURITY` (only a router enforces them). Every subgraph enforces those directives itself, so
 * the gateway is given the same supergraph with the links unmarked: it passes the directives through.
 */
function withSecurityLeftToSubgraphs(sdl: string): string {
  return sdl.replace(/(@link\(url: "https:\/\/specs\.apollo\.dev\/(?:authenticated|requiresScopes)\/v[\d.]+"), for: SECURITY\)/g, "$1)");
}
