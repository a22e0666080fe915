import { buildASTSchema, Kind, parse, typeFromAST, visit, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { RestRoute, RestService } from "../route-table.js";
import { designStyle } from "../error-styles.js";
import { scopeDescription } from "../../lib/auth/design-scopes.js";
import type { DesignRateTable } from "../../lib/graphql/design-rate-limits.js";
import { routeRate } from "../rates.js";
import { inputSchema, resultSchema, type JsonSchema } from "./json-schema.js";
import { documentedBody } from "./response-body.js";
import { specOperations, type SpecOperation } from "./spec-operations.js";

export type Platform = "business" | "design";

/** The design platform is the service with the design error style; every other service is the business platform's. */
export const platformOf = (service: RestService): Platform => (service.errorStyle === designStyle ? "design" : "business");

/** `/projects/:id` → `/projects/{id}` (OpenAPI's path template). */
export const openApiPath = (prefix: string, path: string) => `${prefix}${path}`.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "") || "/";

/** The supergraph SDL as a schema whose root fields still carry `@authenticated` and `@requiresScopes`. */
export function supergraphSchema(supergraphSdl: string): GraphQLSchema {
  return buildASTSchema(parse(supergraphSdl), { assumeValid: true, assumeValidSDL: true });
}

export interface Security {
  authenticated: boolean;
  scopes: string[];
}

/** What the route's root fields demand of the caller, as their schema declares it. */
export function securityOf(schema: GraphQLSchema, operation: OperationDefinitionNode): Security {
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  const security: Security = { authenticated: false, scopes: [] };
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    for (const directive of root?.getFields()[selection.name.value]?.astNode?.directives ?? []) {
      if (directive.name.value === "authenticated") security.authenticated = true;
      if (directive.name.value !== "requiresScopes") continue;
      security.authenticated = true;
      const scopes = directive.arguments?.find((argument) => argument.name.value === "scopes")?.value;
      // [[a, b], [c]] means "a and b, or c": the first alternative is documented as the needed scopes.
      const first = scopes?.kind === Kind.LIST ? scopes.values[0] : undefined;
      if (first?.kind === Kind.LIST) for (const scope of first.values) if (scope.kind === Kind.STRING) security.scopes.push(scope.value);
    }
  }
  return security;
}

const ERROR_BODIES: Record<Platform, JsonSchema> = {
  design: { $ref: "#/components/schemas/DesignError" },
  business: { $ref: "#/components/schemas/BusinessError" },
};

/** Variables the route sets to choose root fields (`@include(if: $…)`, `@skip`): not members of the request's body. */
function switchVariables(operation: OperationDefinitionNode): Set<string> {
  const names = new Set<string>();
  visit(operation, {
    Directive(directive) {
      for (const argument of directive.arguments ?? []) if (argument.value.kind === Kind.VARIABLE) names.add(argument.value.name.value);
    },
  });
  return names;
}

function requestBody(route: RestRoute, schema: GraphQLSchema, operation: OperationDefinitionNode): JsonSchema | undefined {
  if (route.method === "GET" || route.method === "DELETE") return undefined;
  if (route.upload || route.bytesBody) return { required: true, content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } };
  const pathParams = new Set([...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]));
  // `errorFields` maps the graph's argument names to the names REST callers know them by.
  const restName = route.errorFields ?? {};
  const properties: Record<string, JsonSchema> = {};
  const switches = switchVariables(operation);
  for (const variable of operation.variableDefinitions ?? []) {
    const name = variable.variable.name.value;
    if (pathParams.has(name) || name === "uploadId" || switches.has(name)) continue;
    const type = typeFromAST(schema, variable.type as never) as GraphQLInputType | undefined;
    properties[restName[name] ?? name] = type ? inputSchema(type) : {};
  }
  const media = route.form ? "application/x-www-form-urlencoded" : "application/json";
  return { content: { [media]: { schema: { type: "object", description: "Members as the operation's variables (the graph's input types).", properties } } } };
}

function successBody(route: RestRoute, result: JsonSchema) {
  const body = documentedBody(route, result);
  if (!body) return { description: "Built from the operation's result (its fields and types below)", content: { "application/json": { schema: result } } };
  return { description: route.body ? "The documented body (its members of the graph's result keep the graph's types)" : "The operation's result", content: { "application/json": { schema: body } } };
}

function responses(route: RestRoute, platform: Platform, schema: GraphQLSchema, document: ReturnType<typeof parse>, rate: number | undefined): Record<string, unknown> {
  const status = String(route.status ?? 200);
  const success =
    route.status === 204
      ? { description: "No content" }
      : route.bytes
        ? { description: "The file's bytes", content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } }
        : successBody(route, resultSchema(schema, document));
  const errorContent = route.textErrors ? { "text/plain": { schema: { type: "string" } } } : { "application/json": { schema: ERROR_BODIES[platform] } };
  return {
    [status]: success,
    "4XX": { description: "Refused: bad input, missing or insufficient credentials, not found, conflict or rate limit", content: errorContent },
    ...(rate ? { "429": { description: `More than ${rate} requests per minute`, content: errorContent } } : {}),
  };
}

/** The first sentence of the route's first root field's description in the graph, if it has one. */
function fieldSummary(schema: GraphQLSchema, operation: OperationDefinitionNode, fields: string[]): string | undefined {
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  const description = fields.map((name) => root?.getFields()[name]?.description).find(Boolean);
  return description?.replace(/\s+/g, " ").split(/(?<=\.) /)[0].replace(/\.$/, "");
}

/**
 * What an operation says of itself, and the graph's operation it runs. A design path: the
 * specification's summary and description where it has the path (`spec`), else the first sentence of
 * its root field's description in the graph. A business path: its method and path.
 */
function operationTexts(route: RestRoute, path: string, platform: Platform, schema: GraphQLSchema, operation: OperationDefinitionNode, spec: SpecOperation | undefined) {
  const fields = operation.selectionSet.selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [selection.name.value] : []));
  const runs = `Runs the graph's ${operation.operation} \`${fields.join("`, `")}\`.`;
  if (spec) return { summary: spec.summary, description: `${spec.description}\n\n${runs}` };
  const summary = platform === "design" ? fieldSummary(schema, operation, fields) : undefined;
  return { summary: summary ?? `${route.method} ${path}`, description: runs };
}

function operationObject(service: RestService, route: RestRoute, schema: GraphQLSchema, platform: Platform, rates: DesignRateTable, spec?: SpecOperation) {
  const document = parse(route.operation);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const security = securityOf(schema, operation);
  const scheme = platform === "design" ? "oauth2" : "bearerAuth";
  const path = openApiPath(service.prefix, route.path);
  return {
    tags: [tagOf(service, route)],
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...operationTexts(route, path, platform, schema, operation, spec),
    "x-graphql-operation": route.operation,
    parameters: [...route.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } })),
    ...(requestBody(route, schema, operation) ? { requestBody: requestBody(route, schema, operation) } : {}),
    responses: responses(route, platform, schema, document, routeRate(route, rates)),
    security: security.authenticated ? [{ [scheme]: platform === "design" ? security.scopes : [] }] : [],
  };
}

/** Business paths grouped by service (`work`, `payment`, …); design paths by their first segment (`assets`, `designs`, …). */
const tagOf = (service: RestService, route: RestRoute) => (platformOf(service) === "design" ? (route.path.split("/")[1] ?? service.name) : service.name);

/** Every path of the services as OpenAPI path items (a route with `alsoAuth` also under the auth prefix). */
function pathsOf(services: readonly RestService[], schema: GraphQLSchema, platform: Platform, rates: DesignRateTable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const service of services) {
    for (const route of service.routes) {
      const prefixes = [service.prefix, ...(route.alsoAuth && service.authPrefix ? [service.authPrefix] : [])];
      // The specification has each design path once, under `/v1` (the service's own prefix).
      const spec = platform === "design" ? specOperations()[`${route.method.toLowerCase()} ${openApiPath(service.prefix, route.path)}`] : undefined;
      for (const prefix of prefixes) {
        const operation = operationObject({ ...service, prefix }, route, schema, platform, rates, spec);
        (paths[openApiPath(prefix, route.path)] ??= {})[route.method.toLowerCase()] = operation;
      }
    }
  }
  return paths;
}

function allScopes(paths: Record<string, Record<string, unknown>>): Record<string, string> {
  const scopes = new Set<string>();
  for (const item of Object.values(paths)) for (const operation of Object.values(item) as { security: Record<string, string[]>[] }[]) for (const entry of operation.security) for (const list of Object.values(entry)) list.forEach((scope) => scopes.add(scope));
  return Object.fromEntries([...scopes].sort().map((scope) => [scope, scopeDescription(scope)]));
}

/**
 * The OpenAPI 3.1 document of one platform's REST paths, from the route tables, the graph's types and
 * the domains' documented limits (`documentedRates`).
 */
export function openApiDocument(platform: Platform, services: readonly RestService[], schema: GraphQLSchema, rates: DesignRateTable): Record<string, unknown> {
  const own = services.filter((service) => platformOf(service) === platform);
  const paths = pathsOf(own, schema, platform, rates);
  const design = platform === "design";
  return {
    openapi: "3.1.0",
    info: {
      title: design ? "Design platform REST API" : "Business platform REST API",
      version: "1",
      description: design
        ? "Every path also answers under `/rest/v1` in place of `/v1`. Each path runs the GraphQL operation in `x-graphql-operation` against the federated graph."
        : "Each service's paths also answer without their `/api/<service>` prefix on the service's own port. Each path runs the GraphQL operation in `x-graphql-operation` against the federated graph.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(own.flatMap((service) => service.routes.map((route) => tagOf(service, route))))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        DesignError: { type: "object", required: ["code", "message"], properties: { code: { type: "string" }, message: { type: "string" } } },
        BusinessError: {
          oneOf: [
            { type: "object", required: ["error"], properties: { error: { type: "string" } } },
            { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } },
          ],
        },
      },
      securitySchemes: design
        ? { oauth2: { type: "oauth2", description: "Authorization code with PKCE (S256); access tokens are JWTs.", flows: { authorizationCode: { authorizationUrl: "/oauth/authorize", tokenUrl: "/v1/oauth/token", refreshUrl: "/v1/oauth/token", scopes: allScopes(paths) } } } }
        : { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from `POST /api/auth/login-email-password`." } },
    },
  };
}
