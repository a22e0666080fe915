import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { RestService, RestServicePart } from "./route-table.js";

const ROUTES_DIR = new URL("./routes/", import.meta.url);

/** Merges route files by service name: the file with `prefix` describes the service, others add routes to it. */
export function mergeServiceParts(parts: readonly RestServicePart[]): RestService[] {
  const byName = new Map<string, RestServicePart[]>();
  for (const part of parts) byName.set(part.name, [...(byName.get(part.name) ?? []), part]);
  return [...byName.entries()].map(([name, group]) => {
    const described = group.filter((part) => part.prefix);
    if (described.length !== 1) throw new Error(`REST service "${name}" must be described (with its prefix) by exactly one route file, found ${described.length}`);
    const [service] = described;
    return { ...service, prefix: service.prefix!, routes: [service, ...group.filter((part) => part !== service)].flatMap((part) => part.routes) };
  });
}

/** The route file's default export: a service or part of one. */
export async function loadRouteFile(file: URL): Promise<RestServicePart> {
  const module = await import(pathToFileURL(file.pathname).href);
  if (!module.default?.name || !Array.isArray(module.default.routes)) throw new Error(`${file.pathname} must default-export a REST service or part of one`);
  return module.default as RestServicePart;
}

/** The route files under `rest-adapter/routes/` (every `.ts` or `.js` there): no list to keep. */
export const ROUTE_FILES: readonly URL[] = readdirSync(ROUTES_DIR)
  .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith(".d.ts"))
  .sort()
  .map((file) => new URL(file, ROUTES_DIR));

const ROUTE_PARTS: readonly RestServicePart[] = await Promise.all(ROUTE_FILES.map(loadRouteFile));

/** Every service of both platforms, as the route files describe them. */
export const REST_SERVICES: readonly RestService[] = mergeServiceParts(ROUTE_PARTS);

/** The services with `extra` route parts merged in (a domain that lives outside the repository's folders, in tests). */
export function restServicesWith(extra: readonly RestServicePart[]): readonly RestService[] {
  return extra.length ? mergeServiceParts([...ROUTE_PARTS, ...extra]) : REST_SERVICES;
}

/** Every service's own port on any free port (`0`): for platforms started inside another program (tests, tools, benchmarks). */
export function anyDirectPorts(services: readonly RestService[] = REST_SERVICES): Record<string, string> {
  return Object.fromEntries(services.flatMap((service) => (service.directPort ? [[service.directPort.variable, "0"]] : [])));
}
