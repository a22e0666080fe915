import type { Config } from "../lib/config.js";
import type { BannerEntry } from "../lib/process/banner.js";

/** What the main port offers a person: the graph, its explorer, the REST docs, the job console and the health checks (as far as this mode serves them). */
export function gatewayEntries(config: Pick<Config, "introspection">, base: string): BannerEntry[] {
  return [
    ["graph (HTTP + WebSocket)", `${base}/graphql`],
    ...(config.introspection ? ([["explorer (browser)", `${base}/graphql`]] as const) : []),
    ["REST docs (OpenAPI 3.1 at /openapi/business.json, /openapi/design.json)", `${base}/docs`],
    ["job console (browser)", `${base}/console`],
    ["health / readiness", `${base}/healthz  ${base}/readyz`],
  ];
}
