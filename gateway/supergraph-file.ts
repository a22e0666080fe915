import { readFile } from "node:fs/promises";
import { Kind, parse, type ConstValueNode, type DocumentNode, type EnumTypeDefinitionNode } from "graphql";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import { withSecurityLeftToSubgraphs } from "./compose.js";

/** A supergraph composed elsewhere (`SUPERGRAPH_FILE`), as the gateway serves it. */
export interface SupergraphFile {
  sdl: string;
  /** Every subgraph the file names, with the URL it names for it. */
  subgraphUrls: Record<string, string>;
  /** The product's domains among those subgraphs (same name, and every type of theirs in it): their declared subscriptions and page routes stay on. */
  domains: DomainManifest[];
}

export class SupergraphFileError extends Error {}

const stringArgument = (values: readonly { name: { value: string }; value: ConstValueNode }[] | undefined, name: string) => {
  const value = values?.find((argument) => argument.name.value === name)?.value;
  return value?.kind === Kind.STRING ? value.value : undefined;
};

const ROOT_TYPES = new Set(["Query", "Mutation", "Subscription"]);
const objectTypeNames = (document: DocumentNode) =>
  document.definitions.flatMap((definition) => (definition.kind === Kind.OBJECT_TYPE_DEFINITION && !ROOT_TYPES.has(definition.name.value) ? [definition.name.value] : []));

/** The subgraphs of a supergraph: its `join__Graph` values' `@join__graph(name:, url:)`. */
function subgraphUrlsOf(document: DocumentNode): Record<string, string> {
  const graphs = document.definitions.find(
    (definition): definition is EnumTypeDefinitionNode => definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === "join__Graph",
  );
  const urls: Record<string, string> = {};
  for (const value of graphs?.values ?? []) {
    const directive = value.directives?.find((d) => d.name.value === "join__graph");
    const name = stringArgument(directive?.arguments, "name");
    const url = stringArgument(directive?.arguments, "url");
    if (!name || !url) throw new SupergraphFileError(`subgraph ${value.name.value} has no name or no URL in @join__graph`);
    urls[name] = url;
  }
  if (Object.keys(urls).length === 0) throw new SupergraphFileError("no join__Graph subgraphs: not a federation 2 supergraph");
  return urls;
}

/**
 * Reads a supergraph file. Of the product's `domains` it keeps those the file has as subgraphs: same
 * name and every object type of the domain present (a foreign subgraph that merely shares a name is not ours).
 */
export async function readSupergraphFile(file: string, domains: readonly DomainManifest[]): Promise<SupergraphFile> {
  const sdl = await readFile(file, "utf8").catch((error: Error) => {
    throw new SupergraphFileError(`SUPERGRAPH_FILE ${file}: ${error.message}`);
  });
  const document = parse(sdl, { noLocation: true });
  const subgraphUrls = subgraphUrlsOf(document);
  const types = new Set(objectTypeNames(document));
  const ours = (domain: DomainManifest) => domain.name in subgraphUrls && objectTypeNames(domain.typeDefs).every((name) => types.has(name));
  return { sdl: withSecurityLeftToSubgraphs(sdl), subgraphUrls, domains: domains.filter(ours) };
}
