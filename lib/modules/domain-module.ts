import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { concatAST, parse, type DocumentNode } from "graphql";
import type { Express } from "express";
import type { AuthState } from "../auth/request-auth.js";
import type { DesignRateTable } from "../graphql/design-rate-limits.js";
import type { JobHandler } from "../jobs/engine.js";
import type { DataRuntime } from "../runtime.js";
import type { Settings } from "../settings.js";
import type { UploadReceiver } from "../storage/file-routes.js";
import type { Platform } from "../graphql/auth-directives.js";
import type { SubscriptionDeclaration } from "./subscriptions.js";

export type { Platform };

/** Every request context of every domain: its long-lived dependencies, the verified caller and per-request loaders. */
export type DomainContext<Dependencies, Loaders> = Dependencies & {
  auth: AuthState;
  /** The caller's network address (signed along by the gateway), for limits per client address. */
  clientAddress: string;
  loaders: Loaders;
  /** The gateway re-reading state for its subscribers (proven by the gateway): not counted as the caller's own request. */
  subscriptionEvent: boolean;
};

/** Kinds of job with `workers` workers of their own. */
export interface JobLane {
  kinds: string[];
  workers: number;
}

/** Periodic clean-up a worker process runs (expired upload slots, …); returns how many things it removed. */
export interface Sweep {
  name: string;
  everyMs: number;
  run(): Promise<number>;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** SDL every domain that declares jobs shares (job states and errors), so several such domains compose. */
const JOB_TYPES_FILE = fileURLToPath(new URL("../jobs/job-types.graphql", import.meta.url));

/**
 * One domain of the graph, described once: everything that starts, composes, type-checks, schedules
 * and routes it is derived from this (see subgraphs/registry.ts).
 */
export interface DomainDefinition<DomainSettings, Dependencies, Loaders> {
  /** Lower-case name: the subgraph's name, `npm run start:subgraph -- <name>`, `<NAME>_SUBGRAPH_PORT` / `_URL`. */
  name: string;
  /** Whose tokens `@authenticated` means here (`@requiresScopes` is always the design platform's, `@policy` the business platform's). */
  platform: Platform;
  /** The domain's `schema.graphql` (federation v2 `@link`). */
  schema: URL;
  /** Adds the shared job types (`JobStatus`, `JobError`) to the schema. */
  declaresJobs?: boolean;
  resolvers: unknown;
  /** The subgraph's port when it runs as its own process (unless `<NAME>_SUBGRAPH_PORT` says otherwise). */
  port: number;
  /** Older variable names still accepted for the port and URL (documented aliases). */
  aliases?: { port?: string[]; url?: string[] };
  /** The domain's own settings, read through the one settings reader. */
  settings?: (settings: Settings) => DomainSettings;
  /** Long-lived parts every request shares (database, clients, limiters), built once per process. */
  dependencies: (runtime: DataRuntime, settings: DomainSettings) => Dependencies;
  /** Per-request DataLoaders. */
  loaders: (dependencies: Dependencies) => Loaders;
  /** Codegen: the context type (`../context.js#WorkContext`) and the models resolvers receive. */
  codegen?: { context: string; mappers: Record<string, string> };
  /** Documented per-integration-and-user limits of design operations. */
  rateLimits?: DesignRateTable;
  jobs?: (runtime: DataRuntime, settings: DomainSettings) => Record<string, JobHandler>;
  /**
   * Job kinds served by workers of their own in every worker process (e.g. deliveries that wait on
   * other parties' servers): the general workers never wait on them, nor they on the general queue.
   */
  jobLanes?: (runtime: DataRuntime, settings: DomainSettings) => JobLane[];
  sweeps?: (runtime: DataRuntime, settings: DomainSettings) => Sweep[];
  /** What becomes of bytes sent to this domain's upload slots (the platform's file routes call it). */
  uploads?: (runtime: DataRuntime, settings: DomainSettings) => UploadReceiver;
  /** Started before the subgraph serves (a network node the domain runs), in the process that serves it. */
  start?: (dependencies: Dependencies) => Promise<void>;
  /**
   * Settings that put what it listens on besides its subgraph (a network node) on free loopback ports,
   * for platforms started inside another program (tests, tools): production takes fixed ones.
   */
  anyPortSettings?: Record<string, string>;
  /** Stopped when the subgraph's server closes. */
  stop?: (dependencies: Dependencies) => Promise<void>;
  /** Further HTTP routes on the subgraph's own server. */
  routes?: (app: Express, runtime: DataRuntime, settings: DomainSettings) => void;
  /** Path prefixes of pages among its `routes` that anyone with a link may open: the gateway's port passes GETs under them through. */
  publicPaths?: string[];
  /** Subscription fields the gateway serves over graphql-ws. */
  subscriptions?: SubscriptionDeclaration[];
  /** Hosts the platform's file routes (`/blobs/…`, `/uploads/…` of every domain): the gateway forwards them to its server. */
  servesFiles?: boolean;
}

/** A domain as the rest of the platform sees it (settings and dependencies are opaque outside it). */
export interface DomainModule extends DomainDefinition<unknown, unknown, unknown> {
  typeDefs: DocumentNode;
  /** The schema files, relative to the repository root (codegen reads them). */
  schemaFiles: string[];
}

export function defineDomain<DomainSettings, Dependencies, Loaders>(definition: DomainDefinition<DomainSettings, Dependencies, Loaders>): DomainModule {
  const files = [fileURLToPath(definition.schema), ...(definition.declaresJobs ? [JOB_TYPES_FILE] : [])];
  return {
    ...(definition as unknown as DomainDefinition<unknown, unknown, unknown>),
    typeDefs: concatAST(files.map((file) => parse(readFileSync(file, "utf8")))),
    schemaFiles: files.map((file) => path.relative(ROOT, file)),
  };
}

/** The request context of `module`: its dependencies, the caller, fresh loaders. */
export function contextOf(
  module: DomainModule,
  dependencies: unknown,
  auth: AuthState,
  request: { clientAddress: string; subscriptionEvent: boolean },
): DomainContext<unknown, unknown> {
  return { ...(dependencies as object), auth, clientAddress: request.clientAddress, subscriptionEvent: request.subscriptionEvent, loaders: module.loaders(dependencies) };
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
