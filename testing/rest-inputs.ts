import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { inputTypeAt } from "../rest-adapter/input-check.js";
import { routeFields, type RestField, type VariablePath } from "../rest-adapter/rest-fields.js";
import type { RestRequest, RestRoute, RestService } from "../rest-adapter/route-table.js";
import { isDeepStrictEqual } from "node:util";
import assert from "node:assert/strict";
import type { HttpClient, HttpResponse } from "./http.js";
import type { TestPlatform } from "./platform.js";

/**
 * GraphQL's own words: none may reach a REST caller. ("Expected long for query parameter `…`" is the
 * design platform's own REST wording, as its specification documents it.)
 */
export const GRAPHQL_WORDING = /Variable "\$|Expected (value of |non-nullable )?type|got invalid value|cannot represent|non-nullable|does not exist in "|Cannot query field|GraphQL/;

/** One bad request to a route, and what its answer must say. */
export interface InputProbe {
  method: RestRoute["method"];
  path: string;
  body?: unknown;
  /** The route's form body (OAuth endpoints): sent url-encoded. */
  form?: boolean;
  label: string;
  /** When the adapter itself must refuse it (400, nothing changes): the REST field the answer names. */
  names?: string;
  /** Also the words the answer must hold (the allowed values of an enum). */
  saying?: RegExp;
}

const SCALAR_VALUES: Record<string, unknown> = {
  String: "x",
  ID: "1",
  Int: 1,
  Float: 1,
  Boolean: true,
  Date: "2026-01-01",
  DateTime: "2026-01-01T00:00:00.000Z",
  Decimal: "1.00",
  AutofillData: {},
};

/** Text the database cannot store (`lib/storable-text.ts`): the graph refuses it in any text field, naming the field. */
const NUL = "a\u0000b";
const NUL_REFUSED = /must be free of NUL characters \(U\+0000\)$/;

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** A value its type accepts; an input object's required members only, named the platform's way. */
function validValue(type: GraphQLInputType, design: boolean): unknown {
  if (isNonNullType(type)) return validValue(type.ofType, design);
  if (isListType(type)) return [validValue(type.ofType, design)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return Object.fromEntries(required.map((field) => [design ? snake(field.name) : field.name, validValue(field.type, design)]));
  }
  return SCALAR_VALUES[type.name] ?? "x";
}

/** A value of another kind than the type's: text where an object is expected, an object anywhere else. */
const wrongKind = (type: GraphQLInputType | undefined) => (type && isInputObjectType(getNamedType(type)) ? "text" : { unexpected: true });

const pathOf = (text: string) => [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : match[1]));

/** Each REST field a route reads, the variable path it becomes and that variable's type in the graph (none when the route checks it itself). */
function typedFields(route: RestRoute, schema: GraphQLSchema): { field: RestField; path?: VariablePath; type?: GraphQLInputType }[] {
  const { fields, byVariablePath } = routeFields(route);
  return fields.map((field) => {
    const traced = [...byVariablePath].find(([, source]) => source.in === field.in && source.name === field.name)?.[0];
    const path = traced === undefined ? undefined : pathOf(traced);
    return { field, path, type: path && inputTypeAt(schema, route.operation, path) };
  });
}

/**
 * Whether the route hands the value on as given (so the adapter's check must refuse it, naming the
 * field) or refuses it itself; not when it reads it its own way (a verification link's token that is
 * not text is an invalid link).
 */
function handedOn(route: RestRoute, request: Pick<RestRequest, "body" | "query">, path: VariablePath | undefined, value: unknown): boolean {
  let variables: unknown;
  try {
    variables = route.variables?.({ ...request, params: {}, headers: {}, rawBody: "" });
  } catch {
    return true;
  }
  const given = path?.reduce<unknown>((object, key) => (object as Record<string | number, unknown> | undefined)?.[key], variables);
  return path === undefined || isDeepStrictEqual(given, value);
}

/** A route whose inputs are JSON members, query parameters and path parameters (not bytes, not a signed raw body). */
const probedRoute = (route: RestRoute) => !route.upload && !route.bytesBody && !route.rawBody;

/**
 * Bad requests to one route: for each path parameter a malformed id (one holding NUL); for each query
 * parameter and body member it reads, a value of the wrong kind, an unknown enum value, a too long text,
 * text holding NUL, null and absence where required, each beside type-valid values of the other required members.
 */
function inputProbes(service: RestService, route: RestRoute, schema: GraphQLSchema, design: boolean): InputProbe[] {
  const typed = typedFields(route, schema);
  const params = Object.fromEntries(typed.filter(({ field }) => field.in === "path").map(({ field }) => [field.name, "1"]));
  const at = (values: Record<string, string>) => service.prefix + route.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? "1"));
  const body = typed.filter(({ field, type }) => field.in === "body" && type && isNonNullType(type));
  const baseline = Object.fromEntries(body.map(({ field, type }) => [field.name, validValue(type!, design)]));
  const probe = (label: string, extra: Partial<InputProbe>): InputProbe => ({ method: route.method, path: at(params), label: `${route.method} ${service.prefix}${route.path} ${label}`, form: route.form, ...extra });
  const probes: InputProbe[] = [];
  for (const { field, path, type } of typed) {
    const named = type && getNamedType(type);
    const enumValues = named && isEnumType(named) ? named.getValues().map((value) => value.name) : undefined;
    if (field.in === "path") {
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : baseline;
      for (const id of ["-1", "not an id", "9".repeat(40), "x".repeat(300), NUL]) probes.push(probe(`${field.name}=${id.slice(0, 20)}`, { path: at({ ...params, [field.name]: id }), body }));
      continue;
    }
    // A domain's own scalar (`AutofillData`) may take any JSON: only the domain can refuse it, in its own words.
    const checkedByType = named !== undefined && (!isScalarType(named) || isSpecifiedScalarType(named));
    /** A text field: NUL in it is refused by the graph wherever the route hands it on, a form's field too. */
    const textual = named !== undefined && isScalarType(named) && ["String", "ID"].includes(named.name);
    const namingNul = (request: Pick<RestRequest, "body" | "query">) => (handedOn(route, request, path, NUL) ? field.name : undefined);
    /** The field is named in the answer when the route hands the bad value on to the graph, or refuses it itself. */
    const naming = (request: Pick<RestRequest, "body" | "query">, value: unknown) =>
      !route.form && (checkedByType || field.in === "query") && handedOn(route, request, path, value) ? field.name : undefined;
    if (field.in === "query") {
      const name = encodeURIComponent(field.name);
      const query = (search: string, value: unknown, extra: Partial<InputProbe> = {}) =>
        probe(`?${search.slice(0, 30)}`, { path: `${at(params)}?${search}`, names: naming({ body: {}, query: { [field.name]: value } }, value), ...extra });
      probes.push(query(`${name}=a&${name}=b`, ["a", "b"]), query(`${name}=${"x".repeat(5000)}`, "", { names: undefined }));
      if (!named || (isScalarType(named) && ["Int", "Float"].includes(named.name))) probes.push(query(`${name}=abc`, "abc"));
      if (textual) probes.push(query(`${name}=${encodeURIComponent(NUL)}`, NUL, { names: namingNul({ body: {}, query: { [field.name]: NUL } }), saying: NUL_REFUSED }));
      if (enumValues) probes.push(query(`${name}=no_such_value`, "no_such_value", { saying: /must be one of: / }));
      continue;
    }
    const member = (value: unknown, label: string, extra: Partial<InputProbe> = {}) => {
      const body = { ...baseline, [field.name]: value };
      return probe(`${field.name}: ${label}`, { body, names: naming({ body, query: {} }, value), ...extra });
    };
    probes.push(member(wrongKind(type), "wrong kind"), member("x".repeat(5000), "too long", { names: undefined }));
    if (textual) probes.push(member(NUL, "NUL", { names: namingNul({ body: { ...baseline, [field.name]: NUL }, query: {} }), saying: NUL_REFUSED }));
    if (enumValues) probes.push(member("no_such_value", "unknown value", { saying: new RegExp(`must be one of: ${enumValues.join(", ")}`) }));
    if (type && isNonNullType(type)) {
      const { [field.name]: _omitted, ...without } = baseline;
      probes.push(member(null, "null", { saying: /is required/ }), probe(`${field.name}: absent`, { body: without, names: naming({ body: without, query: {} }, undefined), saying: /is required/ }));
    }
  }
  return probes;
}

/** Sends a probe as its route reads it (JSON, or url-encoded for a form route). */
function sendProbe(http: HttpClient, probe: InputProbe, token: string | undefined): Promise<HttpResponse> {
  if (!probe.form || probe.body === undefined) return http.request(probe.method, probe.path, { token, body: probe.body });
  const form = new URLSearchParams(Object.entries(probe.body as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
  return http.request(probe.method, probe.path, { token, body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
}

/** Every table's row count: what a refused request must leave as it was. */
async function rowCounts(db: { $queryRawUnsafe<T>(query: string): Promise<T> }): Promise<Record<string, number>> {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await db.$queryRawUnsafe<{ count: bigint }[]>(`SELECT count(*) AS count FROM "${name}"`))[0].count);
  return counts;
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += width) await Promise.all(items.slice(start, start + width).map(work));
}

const mentioning = (name: string) => new RegExp(`(^|\\W)${name.replace(/[[\]]/g, "\\$&")}(\\W|$)`);

/** What every answer to a bad input must be: no 5xx, no GraphQL wording, the platform's error shape, the field named. */
function assertAnswer(response: HttpResponse, probe: InputProbe, design: boolean, textErrors: boolean): void {
  const seen = `${probe.label} → ${response.status} ${response.text.slice(0, 300)}`;
  assert.ok(response.status < 500, seen);
  assert.doesNotMatch(response.text, GRAPHQL_WORDING, seen);
  if (response.status >= 400 && !textErrors) {
    const body = response.body;
    if (design) assert.ok(typeof body.code === "string" && typeof body.message === "string", seen);
    else assert.ok(typeof body.error === "string" || (typeof body.field === "string" && typeof body.message === "string"), seen);
  }
  if (!probe.names) return;
  assert.equal(response.status, 400, seen);
  const message: string = response.body.message ?? response.body.error;
  if (design) assert.match(message, mentioning(probe.names), seen);
  else assert.ok(response.body.field === probe.names || mentioning(probe.names).test(message), seen);
  if (probe.saying) assert.match(message, probe.saying, seen);
}

/**
 * Sends every probe of the services' routes: first those the adapter must refuse itself (after which no
 * table has a row more or less), then the rest (too long texts, malformed ids), which the domains answer.
 * Answers how many the adapter refused.
 */
export async function sweepInputs(t: TestPlatform, services: readonly RestService[], schema: GraphQLSchema, design: boolean, token: string): Promise<number> {
  const probes = services.flatMap((service) =>
    service.routes.filter(probedRoute).flatMap((route) => inputProbes(service, route, schema, design).map((probe) => ({ probe, textErrors: route.textErrors === true }))),
  );
  const send = async ({ probe, textErrors }: (typeof probes)[number]) => assertAnswer(await sendProbe(t.http, probe, token), probe, design, textErrors);
  const db = t.platform.runtime.db.prisma;
  const before = await rowCounts(db);
  const refused = probes.filter(({ probe }) => probe.names);
  await inBatches(refused, 8, send);
  assert.deepEqual(await rowCounts(db), before, "a refused request changes nothing");
  await inBatches(probes.filter(({ probe }) => !probe.names), 8, send);
  return refused.length;
}
