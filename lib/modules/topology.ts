import type { Settings } from "../settings.js";
import { variablePrefix, type DomainManifest } from "./domain-manifest.js";

/** Where one subgraph listens when it runs as its own process, and where a gateway finds it. */
export interface SubgraphEndpoint {
  port: number;
  url: string;
}

/** `<NAME>_SUBGRAPH_PORT` and `<NAME>_SUBGRAPH_URL` of every domain (older names accepted as aliases). */
export function subgraphEndpoint(settings: Settings, module: DomainManifest): SubgraphEndpoint {
  const prefix = variablePrefix(module.name);
  const port = settings.port(`${prefix}_SUBGRAPH_PORT`, module.port, module.aliases?.port);
  const url = settings.string(`${prefix}_SUBGRAPH_URL`, `http://127.0.0.1:${port}/graphql`, module.aliases?.url);
  return { port, url };
}

export function subgraphEndpoints(settings: Settings, modules: readonly DomainManifest[]): Record<string, SubgraphEndpoint> {
  return Object.fromEntries(modules.map((module) => [module.name, subgraphEndpoint(settings, module)]));
}

/** The domain that answers the platform's signed file URLs (the gateway forwards them to it). */
export function fileServiceModule(modules: readonly DomainManifest[]): DomainManifest | undefined {
  return modules.find((module) => module.servesFiles);
}

/** Where the gateway forwards file URLs in split processes: `FILES_URL`, else the file-serving domain's subgraph. */
export function fileServiceUrl(settings: Settings, modules: readonly DomainManifest[]): string | undefined {
  const module = fileServiceModule(modules);
  const fallback = module ? subgraphEndpoint(settings, module).url.replace(/\/graphql$/, "") : undefined;
  return settings.raw("FILES_URL") ?? fallback;
}

/** Where a gateway finds each subgraph, by domain name. */
export function subgraphUrls(settings: Settings, modules: readonly DomainManifest[]): Record<string, string> {
  return Object.fromEntries(modules.map((module) => [module.name, subgraphEndpoint(settings, module).url]));
}

/** What the domains listen on besides their subgraphs, on free ports (each domain's `anyPortSettings`). */
export function anyDomainPorts(domains: readonly DomainManifest[]): Record<string, string> {
  return Object.assign({}, ...domains.map((domain) => domain.anyPortSettings ?? {}));
}

/** Domains served by one process (`npm run start:subgraph -- --domains a,b,c`). */
export interface ProcessGroup {
  /** `business`, `design`, or the domain's own name when it runs alone. */
  name: string;
  domains: readonly DomainManifest[];
}

/**
 * The deployments' default process groups, derived from the manifests: one process per platform, and a
 * domain that must run as one replica (`singleReplica`) alone, so the others can have more. Grouped, the
 * eighteen domains share three processes' memory instead of eighteen.
 */
export function platformGroups(manifests: readonly DomainManifest[]): ProcessGroup[] {
  const groups = new Map<string, DomainManifest[]>();
  for (const manifest of manifests) {
    const name = manifest.singleReplica ? manifest.name : manifest.platform;
    groups.set(name, [...(groups.get(name) ?? []), manifest]);
  }
  return [...groups].map(([name, domains]) => ({ name, domains }));
}
