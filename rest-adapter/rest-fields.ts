import type { RestRequest, RestRoute } from "./route-table.js";

/** A member of the request a route reads: a path parameter, a query parameter or a body member. */
export interface RestField {
  in: "path" | "query" | "body";
  name: string;
}

/** What a route reads of a request, and which REST field each variable path was built from. */
export interface RouteFields {
  fields: RestField[];
  /** By variable path (`input.designType`, `sortBy`). */
  byVariablePath: Map<string, RestField>;
}

const MARK = "\u0000rest-field:";
const markOf = (field: RestField) => `${MARK}${field.in}:${field.name}`;

/**
 * Runs the route's `variables` on a stand-in request that records what it reads, and answers each read
 * member with a mark (a string naming it) when `given` says so: where a mark lands in the variables tells
 * which REST field feeds which variable.
 */
function probe(route: RestRoute, given: (field: RestField) => boolean): { reads: RestField[]; variables?: Record<string, unknown> } {
  const reads = new Map<string, RestField>();
  const read = (field: RestField) => {
    reads.set(markOf(field), field);
    return given(field);
  };
  const member = (place: "query" | "body") =>
    new Proxy({} as Record<string, unknown>, {
      get: (_target, key) => (typeof key === "string" && read({ in: place, name: key }) ? markOf({ in: place, name: key }) : undefined),
      has: (_target, key) => typeof key === "string" && read({ in: place, name: key }),
    });
  const params = Object.fromEntries(
    [...route.path.matchAll(/:(\w+)/g)].flatMap(([, name]) => (read({ in: "path", name }) ? [[name, markOf({ in: "path", name })]] : [])),
  );
  const request: RestRequest = { body: member("body"), query: member("query"), params, headers: {}, rawBody: "", rawBytes: Buffer.alloc(0) };
  try {
    const variables = route.variables?.(request) ?? {};
    return { reads: [...reads.values()], variables };
  } catch {
    // A route that refuses the stand-in (an integer parameter given a mark) still told what it read.
    return { reads: [...reads.values()] };
  }
}

function collectMarks(value: unknown, path: string, into: Map<string, RestField>, byMark: Map<string, RestField>): void {
  if (typeof value === "string") {
    const field = byMark.get(value);
    if (field) into.set(path, field);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectMarks(item, `${path}[${index}]`, into, byMark));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) collectMarks(item, path ? `${path}.${key}` : key, into, byMark);
  }
}

const traced = new WeakMap<RestRoute, RouteFields>();

/**
 * The REST fields a route reads and the variable each one becomes, found by running its `variables`
 * on stand-in requests (every field marked at once, then one at a time for a route that refuses that).
 */
export function routeFields(route: RestRoute): RouteFields {
  const known = traced.get(route);
  if (known) return known;
  const all = probe(route, () => true);
  const fields = new Map<string, RestField>();
  for (const field of [...probe(route, () => false).reads, ...all.reads]) fields.set(markOf(field), field);
  const byVariablePath = new Map<string, RestField>();
  const runs = all.variables ? [all.variables] : [...fields.values()].map((field) => probe(route, (candidate) => markOf(candidate) === markOf(field)).variables);
  for (const variables of runs) if (variables) collectMarks(variables, "", byVariablePath, fields);
  const result = { fields: [...fields.values()], byVariablePath };
  traced.set(route, result);
  return result;
}

/** `designType` → `design_type`. */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

export type VariablePath = readonly (string | number)[];

const dotted = (path: VariablePath) => path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${key}` : key), "");

/**
 * How the caller names the member at a variable path: the route's `errorFields` (by the path or by the
 * GraphQL name), else the REST field the route built it from, else the GraphQL names in the platform's
 * spelling (`memberName`), without the variable that wraps the body's members (`input`). Deeper members
 * follow in the platform's spelling: `design_type.width`, `tags[1]`.
 */
export function restFieldName(route: RestRoute, path: VariablePath, memberName: (name: string) => string): string {
  const fields = routeFields(route).byVariablePath;
  const rest = (from: number) => path.slice(from).map((key) => (typeof key === "number" ? key : memberName(key)));
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    const last = prefix[length - 1];
    const named = route.errorFields?.[dotted(prefix)] ?? (typeof last === "string" ? route.errorFields?.[last] : undefined) ?? fields.get(dotted(prefix))?.name;
    if (named !== undefined) return dotted([named, ...rest(length)]);
  }
  return dotted(rest(path.length > 1 ? 1 : 0));
}
