import type { Config } from "../lib/config.js";

/** Every subgraph the graph is composed of: its schema file and, per environment, its URL. */
export const SUBGRAPHS = [
  { name: "accounts", schemaFile: "subgraphs/accounts/schema.graphql" },
  { name: "work", schemaFile: "subgraphs/work/schema.graphql" },
  { name: "payments", schemaFile: "subgraphs/payments/schema.graphql" },
  { name: "identity", schemaFile: "subgraphs/identity/schema.graphql" },
  { name: "assets", schemaFile: "subgraphs/assets/schema.graphql" },
] as const;

export type SubgraphName = (typeof SUBGRAPHS)[number]["name"];

export type SubgraphUrls = Record<SubgraphName, string>;

export function subgraphUrlsFromConfig(config: Config): SubgraphUrls {
  return { ...config.subgraphUrls };
}
