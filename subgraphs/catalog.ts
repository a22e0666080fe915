import type { DomainManifest } from "../lib/modules/domain-manifest.js";
import type { DomainModule } from "../lib/modules/domain-module.js";

interface Entry {
  /** What routing, composing and placing the domain takes: data and its schema, none of its code. */
  manifest: () => Promise<{ default: DomainManifest }>;
  /** The manifest with its wiring, for a process that serves the domain or runs its jobs. */
  module: () => Promise<{ default: DomainModule }>;
}

/**
 * Every domain of the graph, one line each, loaded only when asked for: a process serving one domain
 * (or a test of a few) loads no other domain's code (libp2p, pdf.js, canvas, stripe…), and one that
 * only routes or composes loads the manifests alone.
 */
const CATALOG: Record<string, Entry> = {
  accounts: { manifest: () => import("./accounts/manifest.js"), module: () => import("./accounts/module.js") },
  work: { manifest: () => import("./work/manifest.js"), module: () => import("./work/module.js") },
  payments: { manifest: () => import("./payments/manifest.js"), module: () => import("./payments/module.js") },
  identity: { manifest: () => import("./identity/manifest.js"), module: () => import("./identity/module.js") },
  assets: { manifest: () => import("./assets/manifest.js"), module: () => import("./assets/module.js") },
  designs: { manifest: () => import("./designs/manifest.js"), module: () => import("./designs/module.js") },
  imports: { manifest: () => import("./imports/manifest.js"), module: () => import("./imports/module.js") },
  resizes: { manifest: () => import("./resizes/manifest.js"), module: () => import("./resizes/module.js") },
  merges: { manifest: () => import("./merges/manifest.js"), module: () => import("./merges/module.js") },
  exports: { manifest: () => import("./exports/manifest.js"), module: () => import("./exports/module.js") },
  comments: { manifest: () => import("./comments/manifest.js"), module: () => import("./comments/module.js") },
  "brand-templates": { manifest: () => import("./brand-templates/manifest.js"), module: () => import("./brand-templates/module.js") },
  folders: { manifest: () => import("./folders/manifest.js"), module: () => import("./folders/module.js") },
  analytics: { manifest: () => import("./analytics/manifest.js"), module: () => import("./analytics/module.js") },
  webhooks: { manifest: () => import("./webhooks/manifest.js"), module: () => import("./webhooks/module.js") },
  blog: { manifest: () => import("./blog/manifest.js"), module: () => import("./blog/module.js") },
  forum: { manifest: () => import("./forum/manifest.js"), module: () => import("./forum/module.js") },
  p2p: { manifest: () => import("./p2p/manifest.js"), module: () => import("./p2p/module.js") },
};

export const DOMAIN_NAMES: readonly string[] = Object.keys(CATALOG);

export class UnknownDomainError extends Error {
  constructor(name: string) {
    super(`no domain "${name}": choose one of ${DOMAIN_NAMES.join(", ")}`);
  }
}

async function load<Part extends keyof Entry>(part: Part, names: readonly string[]): Promise<Awaited<ReturnType<Entry[Part]>>["default"][]> {
  const unknown = names.find((name) => !Object.hasOwn(CATALOG, name));
  if (unknown !== undefined) throw new UnknownDomainError(unknown);
  return Promise.all(names.map(async (name) => (await CATALOG[name][part]()).default));
}

/** The manifests of these domains (every domain when none are given), in the order asked: no domain's code is loaded. */
export const loadManifests = (names: readonly string[] = DOMAIN_NAMES): Promise<DomainManifest[]> => load("manifest", names);

/** The domains of these names (every domain when none are given), in the order asked, with their wiring. */
export const loadDomains = (names: readonly string[] = DOMAIN_NAMES): Promise<DomainModule[]> => load("module", names);
