import { composeServices } from "@apollo/composition";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";

export class CompositionError extends Error {}

/** Composes the domains' own schemas into a supergraph (federation 2), or says why it cannot. */
export async function composeSupergraph(domains: readonly DomainManifest[], urls: Record<string, string>): Promise<string> {
  const result = composeServices(domains.map(({ name, typeDefs }) => ({ name, url: urls[name], typeDefs })));
  if (result.errors) {
    throw new CompositionError(`subgraphs do not compose:\n${result.errors.map((e) => `- ${e.message}`).join("\n")}`);
  }
  return withSecurityLeftToSubgraphs(result.supergraphSdl);
}

/**
 * @apollo/gateway refuses supergraphs whose `@authenticated` / `@requiresScopes` / `@policy` links are marked
 * `for: SECURITY` (only a router enforces them). Every subgraph enforces those directives itself, so
 * the gateway is given the same supergraph with the links unmarked: it passes the directives through.
 */
export function withSecurityLeftToSubgraphs(sdl: string): string {
  return sdl.replace(/(@link\(url: "https:\/\/specs\.apollo\.dev\/(?:authenticated|requiresScopes|policy)\/v[\d.]+"), for: SECURITY\)/g, "$1)");
}
