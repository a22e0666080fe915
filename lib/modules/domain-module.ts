import type { Express } from "express";
import type { AuthState } from "../auth/request-auth.js";
import type { JobHandler } from "../jobs/engine.js";
import type { JobErrorCodes } from "../jobs/error-codes.js";
import type { DataRuntime } from "../runtime.js";
import type { Settings } from "../settings.js";
import type { UploadReceiver } from "../storage/file-routes.js";
import type { DomainManifest } from "./domain-manifest.js";

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

/**
 * What serving a domain takes, beside its manifest (`subgraphs/<name>/module.ts`): its resolvers, its
 * settings, what its requests share, its jobs and sweeps, upload slots, routes, and whatever it runs
 * while its subgraph serves. Only processes that serve the domain (or run its jobs) load it.
 */
export interface DomainWiring<DomainSettings, Dependencies, Loaders> {
  resolvers: unknown;
  /** The domain's own settings, read through the one settings reader. */
  settings?: (settings: Settings) => DomainSettings;
  /** Long-lived parts every request shares (database, clients, limiters), built once per process. */
  dependencies: (runtime: DataRuntime, settings: DomainSettings) => Dependencies;
  /** Per-request DataLoaders. */
  loaders: (dependencies: Dependencies) => Loaders;
  jobs?: (runtime: DataRuntime, settings: DomainSettings) => Record<string, JobHandler>;
  /** Each of its job kinds' documented failure codes, by kind (the design platform's jobs have them). */
  jobErrorCodes?: Readonly<Record<string, JobErrorCodes>>;
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
  /** Stopped when the subgraph's server closes. */
  stop?: (dependencies: Dependencies) => Promise<void>;
  /** Further HTTP routes on the subgraph's own server (its manifest's `publicPaths` name those anyone may open). */
  routes?: (app: Express, runtime: DataRuntime, settings: DomainSettings) => void;
}

/**
 * One domain of the graph as the processes serving it see it: its manifest and its wiring (settings
 * and dependencies are opaque outside it). Everything that starts, schedules and serves it is derived
 * from this (see subgraphs/catalog.ts).
 */
export interface DomainModule extends DomainManifest, DomainWiring<unknown, unknown, unknown> {}

export function defineDomain<DomainSettings, Dependencies, Loaders>(manifest: DomainManifest, wiring: DomainWiring<DomainSettings, Dependencies, Loaders>): DomainModule {
  return { ...manifest, ...(wiring as unknown as DomainWiring<unknown, unknown, unknown>) };
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
