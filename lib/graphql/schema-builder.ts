import type { DocumentNode, GraphQLSchema } from "graphql";
import { enforceAuthDirectives, type Platform } from "./auth-directives.js";
import { enforceDesignRateLimits, type DesignRateLimiting, type DesignRateTable } from "./design-rate-limits.js";
import { buildSchema } from "./subgraph-server.js";

export interface DomainSchemaParts {
  typeDefs: DocumentNode;
  resolvers: unknown;
  platform: Platform;
  /** Documented per-integration-and-user limits of design operations (counted after the auth check). */
  rateLimits?: DesignRateTable;
  rateLimiting: DesignRateLimiting;
}

/**
 * The one way a subgraph's schema is built: federation's subgraph schema, then `@authenticated`,
 * `@requiresScopes` and `@policy` enforced for the domain's platform, then its rate limits.
 */
export function buildDomainSchema(parts: DomainSchemaParts): GraphQLSchema {
  const schema = enforceAuthDirectives(buildSchema(parts.typeDefs, parts.resolvers), parts.platform);
  return parts.rateLimits ? enforceDesignRateLimits(schema, parts.rateLimits, parts.rateLimiting) : schema;
}
