import type { DomainModule } from "../lib/modules/domain-module.js";
import { loadDomains } from "./catalog.js";

/** Every domain of the graph with its wiring (subgraphs/catalog.ts), for processes that serve domains or run their jobs; the rest read MANIFESTS (subgraphs/manifests.ts). */
export const DOMAINS: readonly DomainModule[] = await loadDomains();

/** The domain named `name`, or an error listing the names there are. */
export function domainNamed(name: string, domains: readonly DomainModule[] = DOMAINS): DomainModule {
  const found = domains.find((domain) => domain.name === name);
  if (!found) throw new Error(`no domain "${name}": choose one of ${domains.map((domain) => domain.name).join(", ")}`);
  return found;
}
