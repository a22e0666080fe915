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

/** Every route file under `rest-adapter/routes/` (each default-exports a service or part of one): no list to keep. */
async function loadRouteFiles(): Promise<RestServicePart[]> {
  const files = readdirSync(ROUTES_DIR).filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith(".d.ts")).sort();
  const loaded = await Promise.all(files.map((file) => import(pathToFileURL(new URL(file, ROUTES_DIR).pathname).href)));
  return loaded.map((module, i) => {
    if (!module.default?.name || !Array.isArray(module.default.routes)) throw new Error(`rest-adapter/routes/${files[i]} must default-export a REST service or part of one`);
    return module.default as RestServicePart;
  });
}

/** Every service of both platforms, as the route files describe them. */
export const REST_SERVICES: readonly RestService[] = mergeServiceParts(await loadRouteFiles());

/** The variables naming the services' own ports (`AUTH_PORT`, `WORK_PORT`, …), as the route files declare them. */
export const DIRECT_PORT_VARIABLES: readonly string[] = REST_SERVICES.flatMap((service) => (service.directPort ? [service.directPort.variable] : []));

/** Every service's own port on any free port (`0`): for platforms started inside another program (tests, tools, benchmarks). */
export function anyDirectPorts(): Record<string, string> {
  return Object.fromEntries(DIRECT_PORT_VARIABLES.map((variable) => [variable, "0"]));
}
