import type { DomainModule } from "../lib/modules/domain-module.js";

/** Every domain of the graph, one line each: composition, processes, ports, workers and codegen follow from this list. */
export const DOMAINS: readonly DomainModule[] = (
  await Promise.all([
    import("./accounts/module.js"),
    import("./work/module.js"),
    import("./payments/module.js"),
    import("./identity/module.js"),
    import("./assets/module.js"),
    import("./designs/module.js"),
    import("./imports/module.js"),
    import("./resizes/module.js"),
    import("./exports/module.js"),
    import("./comments/module.js"),
    import("./brand-templates/module.js"),
    import("./webhooks/module.js"),
    import("./blog/module.js"),
    import("./forum/module.js"),
    import("./p2p/module.js"),
  ])
).map((loaded) => loaded.default);

/** The domain named `name`, or an error listing the names there are. */
export function domainNamed(name: string, domains: readonly DomainModule[] = DOMAINS): DomainModule {
  const found = domains.find((domain) => domain.name === name);
  if (!found) throw new Error(`no domain "${name}": choose one of ${domains.map((domain) => domain.name).join(", ")}`);
  return found;
}
