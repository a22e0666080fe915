import { Kind, print, type DocumentNode, type FieldDefinitionNode } from "graphql";
import type { DomainModule } from "../../lib/modules/domain-module.js";

/**
 * The "GraphQL operations" part of each `subgraphs/<name>/README.md`, written from the domain's schema:
 * every root field (queries, mutations, subscriptions) with its arguments and its description. The
 * rest of the README is written by hand; `npm run docs` replaces only what lies between the markers.
 */
export const BEGIN = "<!-- GraphQL operations: written by `npm run docs` from schema.graphql; edit the schema's descriptions, not this part -->";
export const END = "<!-- end of GraphQL operations -->";

export const readmeFile = (domain: DomainModule) => new URL(`../../subgraphs/${domain.name}/README.md`, import.meta.url);

const ROOTS = [
  ["Query", "Queries"],
  ["Mutation", "Mutations"],
  ["Subscription", "Subscriptions"],
] as const;

function rootFields(typeDefs: DocumentNode, root: string): readonly FieldDefinitionNode[] {
  return typeDefs.definitions.flatMap((definition) =>
    (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) && definition.name.value === root ? (definition.fields ?? []) : [],
  );
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");

function signature(field: FieldDefinitionNode): string {
  const args = (field.arguments ?? []).map((argument) => `${argument.name.value}: ${print(argument.type)}`);
  return `${field.name.value}${args.length > 0 ? `(${args.join(", ")})` : ""}: ${print(field.type)}`;
}

/** The generated block, markers included. */
export function operationsBlock(domain: DomainModule): string {
  const lines = [BEGIN, "## GraphQL operations", ""];
  for (const [root, title] of ROOTS) {
    const fields = rootFields(domain.typeDefs, root);
    if (fields.length === 0) continue;
    lines.push(`${title}:`, "", "| field | what |", "|---|---|");
    for (const field of fields) lines.push(`| \`${oneLine(signature(field))}\` | ${field.description ? oneLine(field.description.value) : ""} |`);
    lines.push("");
  }
  if (lines.length === 3) lines.push("None: this domain only adds fields to other domains' types.", "");
  lines.push(END);
  return lines.join("\n");
}

/** The README with its generated block replaced, or put before `## API` (else at the end) when it has none yet. */
export function readmeText(current: string, domain: DomainModule): string {
  const block = operationsBlock(domain);
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (begin >= 0 && end > begin) return current.slice(0, begin) + block + current.slice(end + END.length);
  const api = current.indexOf("\n## API\n");
  if (api >= 0) return `${current.slice(0, api + 1)}${block}\n\n${current.slice(api + 1)}`;
  return `${current.trimEnd()}\n\n${block}\n`;
}
