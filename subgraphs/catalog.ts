import type { DomainModule } from "../lib/modules/domain-module.js";

/**
 * Every domain of the graph, one line each, loaded only when asked for: a process serving one domain
 * (or a test of a few) loads no other domain's code (libp2p, pdf.js, canvas, stripe…).
 */
const LOADERS: Record<string, () => Promise<{ default: DomainModule }>> = {
  accounts: () => import("./accounts/module.js"),
  work: () => import("./work/module.js"),
  payments: () => import("./payments/module.js"),
  identity: () => import("./identity/module.js"),
  assets: () => import("./assets/module.js"),
  designs: () => import("./designs/module.js"),
  imports: () => import("./imports/module.js"),
  resizes: () => import("./resizes/module.js"),
  exports: () => import("./exports/module.js"),
  comments: () => import("./comments/module.js"),
  "brand-templates": () => import("./brand-templates/module.js"),
  webhooks: () => import("./webhooks/module.js"),
  blog: () => import("./blog/module.js"),
  forum: () => import("./forum/module.js"),
  p2p: () => import("./p2p/module.js"),
};

export const DOMAIN_NAMES: readonly string[] = Object.keys(LOADERS);

export class UnknownDomainError extends Error {
  constructor(name: string) {
    super(`no domain "${name}": choose one of ${DOMAIN_NAMES.join(", ")}`);
  }
}

/** The domains of these names (every domain when none are given), in the order asked. */
export async function loadDomains(names: readonly string[] = DOMAIN_NAMES): Promise<DomainModule[]> {
  const unknown = names.find((name) => !Object.hasOwn(LOADERS, name));
  if (unknown !== undefined) throw new UnknownDomainError(unknown);
  return Promise.all(names.map(async (name) => (await LOADERS[name]()).default));
}
