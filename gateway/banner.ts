import type { Config } from "../lib/config.js";
import type { BannerEntry } from "../lib/process/banner.js";

/** What the main port offers a person: the graph, its explorer and the REST docs (as far as this mode serves them). */
export function gatewayEntries(config: Pick<Config, "introspection">, base: string): BannerEntry[] {
  return [
    ["graph (HTTP + WebSocket)", `${base}/graphql`],
    ...(config.introspection ? ([["explorer (browser)", `${base}/graphql`]] as const) : []),
    ["REST docs", `${base}/docs`],
    ["health", `${base}/healthz`],
  ];
}
