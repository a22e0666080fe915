import { composeServices } from "@apollo/composition";
import type { GraphQLSchema } from "graphql";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import { supergraphSchema } from "./openapi/document.js";

const bySupergraph = new Map<string, GraphQLSchema>();

/** The schema of a supergraph SDL, built once per SDL (tests start many platforms on the same composition). */
export function schemaOfSupergraph(supergraphSdl: string): GraphQLSchema {
  let schema = bySupergraph.get(supergraphSdl);
  if (!schema) bySupergraph.set(supergraphSdl, (schema = supergraphSchema(supergraphSdl)));
  return schema;
}

/**
 * The graph's schema composed from the domains' own schemas, as the gateway composes it: what a REST
 * adapter in a process of its own checks variables against. Undefined (nothing checked before the
 * graph answers) if they do not compose.
 */
export function composedGraphSchema(domains: readonly DomainManifest[]): GraphQLSchema | undefined {
  const result = composeServices(domains.map(({ name, typeDefs }) => ({ name, url: `http://${name}.invalid/graphql`, typeDefs })));
  return result.errors ? undefined : schemaOfSupergraph(result.supergraphSdl);
}
