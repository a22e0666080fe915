import type { BannerEntry } from "../lib/process/banner.js";
import { REST_SERVICES } from "./services.js";

/** Every REST prefix on `base` (the main port or the REST adapter's own), for the start banner. */
export function restPrefixEntries(base: string): BannerEntry[] {
  return REST_SERVICES.flatMap((service): BannerEntry[] => [
    [`REST ${service.name}`, `${base}${service.prefix}/`],
    ...(service.alsoUnder ?? []).map((prefix) => [`REST ${service.name} (also)`, `${base}${prefix}/`] as const),
    ...(service.authPrefix ? [[`REST ${service.name} (OAuth)`, `${base}${service.authPrefix}/`] as const] : []),
  ]);
}

/** Each business service's own port (paths without prefix), for the start banner. */
export function directPortEntries(ports: Record<string, number>, base: (port: number) => string): BannerEntry[] {
  return Object.entries(ports).map(([name, port]) => [`${name} (own port)`, `${base(port)}/`] as const);
}
