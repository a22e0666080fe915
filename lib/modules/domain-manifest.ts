import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { concatAST, parse, type DocumentNode } from "graphql";
import type { DesignRateTable } from "../graphql/design-rate-limits.js";
import type { Platform } from "../graphql/auth-directives.js";
import type { SubscriptionDeclaration } from "./subscriptions.js";

export type { Platform };

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** SDL every domain that declares jobs shares (job states and errors), so several such domains compose. */
const JOB_TYPES_FILE = fileURLToPath(new URL("../jobs/job-types.graphql", import.meta.url));

/**
 * What the platform knows of a domain without running it (`subgraphs/<name>/manifest.ts`): plain data,
 * enough to compose the graph, place its subgraph, route to it and type its resolvers. A process that
 * only routes (the gateway, the REST adapter) or a tool that only composes reads this and loads none of
 * the domain's code; its wiring (`module.ts`) adds what serving it takes.
 */
/** What one setting means, for docs/configuration.md (`npm run docs` writes its tables from these). */
export interface SettingDoc {
  /** The variables of this row (several when they only make sense together). */
  names: readonly string[];
  /** Markdown: `—` for none; one value in backticks per name, separated by `, ` or ` / `, is checked against the code. */
  default: string;
  /** Markdown: what the setting does, in one short sentence or two. */
  meaning: string;
}

export interface ManifestDefinition {
  /** Lower-case name: the subgraph's name, `npm run start:subgraph -- <name>`, `<NAME>_SUBGRAPH_PORT` / `_URL`. */
  name: string;
  /** Whose tokens `@authenticated` means here (`@requiresScopes` is always the design platform's, `@policy` the business platform's). */
  platform: Platform;
  /** The domain's `schema.graphql` (federation v2 `@link`). */
  schema: URL;
  /** Further schema files of the domain: a large feature's types in a file of their own. */
  moreSchemas?: URL[];
  /** Adds the shared job types (`JobStatus`, `JobError`) to the schema. */
  declaresJobs?: boolean;
  /** The subgraph's port when it runs as its own process (unless `<NAME>_SUBGRAPH_PORT` says otherwise). */
  port: number;
  /** Older variable names still accepted for the port and URL (documented aliases). */
  aliases?: { port?: string[]; url?: string[] };
  /**
   * Settings that put what it listens on besides its subgraph (a network node) on free loopback ports,
   * for platforms started inside another program (tests, tools): production takes fixed ones.
   */
  anyPortSettings?: Record<string, string>;
  /** What each setting the domain's wiring reads (its `settings`) means; a test fails for one read and not described here. */
  settingDocs?: readonly SettingDoc[];
  /** Documented per-integration-and-user limits of design operations. */
  rateLimits?: DesignRateTable;
  /** Subscription fields the gateway serves over graphql-ws. */
  subscriptions?: SubscriptionDeclaration[];
  /** Path prefixes of pages among its wiring's `routes` that anyone with a link may open: the gateway's port passes GETs under them through. */
  publicPaths?: string[];
  /** Runs as one replica only (a network node with an identity of its own): deployments give it a process group of its own. */
  singleReplica?: boolean;
  /** Hosts the platform's file routes (`/blobs/…`, `/uploads/…` of every domain): the gateway forwards them to its server. */
  servesFiles?: boolean;
  /** Codegen: the context type (`../context.js#WorkContext`) and the models resolvers receive. */
  codegen?: { context: string; mappers: Record<string, string> };
}

/** A manifest with its schema read. */
export interface DomainManifest extends ManifestDefinition {
  typeDefs: DocumentNode;
  /** The schema files, relative to the repository root (codegen reads them). */
  schemaFiles: string[];
}

export function defineManifest(definition: ManifestDefinition): DomainManifest {
  const files = [definition.schema, ...(definition.moreSchemas ?? [])].map((file) => fileURLToPath(file)).concat(definition.declaresJobs ? [JOB_TYPES_FILE] : []);
  return {
    ...definition,
    typeDefs: concatAST(files.map((file) => parse(readFileSync(file, "utf8")))),
    schemaFiles: files.map((file) => path.relative(ROOT, file)),
  };
}

/** `accounts` → `ACCOUNTS`, `brand-templates` → `BRAND_TEMPLATES`: the prefix of a domain's variables. */
export function variablePrefix(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

/** Codegen mapper of a Prisma model, as seen from `subgraphs/<domain>/__generated__/`. */
export function prismaModel(model: string, alias = `${model}Model`): string {
  return `../../../generated/prisma/client.js#${model} as ${alias}`;
}

/** Codegen mapper of another domain's entity this domain only references by key. */
export const ENTITY_REFERENCE = "../../../lib/graphql/entity-reference.js#EntityReference";
