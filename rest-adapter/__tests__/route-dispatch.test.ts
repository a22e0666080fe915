// @tier unit
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import express, { type Express } from "express";
import { InternalCalls } from "../../lib/auth/internal-calls.js";
import { finishJsonApp, listen, type RunningServer } from "../../lib/http.js";
import { createLogger } from "../../lib/logger.js";
import type { OperationRequest } from "../gateway-client.js";
import { authorizationPage } from "../oauth/authorize.js";
import { openidConfiguration } from "../oauth/openid-configuration.js";
import { serviceRouter, serviceStack, type AdapterOptions } from "../router.js";
import { routeDispatch } from "../route-dispatch.js";
import type { RestRoute, RestService } from "../route-table.js";
import { mountPrefixedServices } from "../server.js";
import { REST_SERVICES } from "../services.js";

/**
 * The route dispatcher must answer every request exactly as the services' Express routers do alone:
 * same status, headers and body, same operation run with the same variables. Each app gets the same
 * requests; its graph records what it was asked and answers "not found".
 */
type Ran = Pick<OperationRequest, "query" | "variables">[];

function optionsFor(ran: Ran): AdapterOptions {
  return {
    gatewayUrl: () => "http://127.0.0.1:9/graphql",
    runOperation: async ({ query, variables }) => {
      ran.push({ query, variables });
      return { errors: [{ message: "Not found", extensions: { code: "NOT_FOUND" } }] };
    },
    corsAllowOrigin: "https://app.example",
    bodyLimitBytes: 4096,
    publicUrl: "http://127.0.0.1",
    log: createLogger("silent"),
    internalCalls: InternalCalls.forSecret("route-dispatch-test-secret-0123456789abcdef"),
    readiness: [],
    metrics: false,
    services: REST_SERVICES,
    graphSchema: { current: () => undefined, checksFirst: false },
  };
}

/** The main port as it was: every service's router under each of its prefixes, nothing in front. */
function routersAlone(options: AdapterOptions): Express {
  const app = express();
  app.use("/oauth/authorize", authorizationPage(options));
  app.get("/.well-known/openid-configuration", openidConfiguration(options.publicUrl));
  for (const service of options.services) {
    for (const prefix of [service.prefix, ...(service.alsoUnder ?? [])]) app.use(prefix, serviceRouter(serviceStack(service, options), options));
    if (service.authPrefix) app.use(service.authPrefix, serviceRouter(serviceStack(service, options, (route) => route.alsoAuth === true), options));
  }
  return app;
}

function withDispatch(options: AdapterOptions): Express {
  const app = express();
  mountPrefixedServices(app, options);
  return app;
}

/** A direct port: one service at the root, with and without the dispatcher. */
function directPort(service: RestService, options: AdapterOptions, dispatch: boolean): Express {
  const app = express();
  const stack = serviceStack(service, options);
  if (dispatch) app.use(routeDispatch([{ prefix: "", stack }]));
  app.use(serviceRouter(stack, options));
  return app;
}

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const withParams = (path: string, value: string) => path.replace(/:(\w+)/g, value);

function probesOf(prefix: string, route: RestRoute): Probe[] {
  const path = prefix + withParams(route.path, "p1");
  const json = { "content-type": "application/json" };
  const body = route.method === "GET" || route.method === "DELETE" ? {} : { headers: json, body: "{}" };
  const other = route.method === "GET" ? "PATCH" : "GET";
  const probes: Probe[] = [
    { method: route.method, path, ...body },
    { method: route.method, path: `${path.toUpperCase()}?limit=2`, ...body },
    { method: route.method, path: `${path}/`, ...body },
    { method: other, path },
    { method: "HEAD", path },
    { method: "OPTIONS", path, headers: { origin: "https://app.example", "access-control-request-method": route.method } },
    { method: route.method, path, ...body, headers: { ...body.headers, origin: "https://elsewhere.example" } },
    { method: route.method, path, ...body, headers: { ...body.headers, origin: "https://app.example" } },
  ];
  if (route.path.includes(":")) {
    probes.push({ method: route.method, path: prefix + withParams(route.path, "a%20b%2Fc"), ...body });
    probes.push({ method: route.method, path: prefix + withParams(route.path, "%E0%A4%A"), ...body });
  }
  if (route.method !== "GET" && route.method !== "DELETE") {
    probes.push({ method: route.method, path, headers: json, body: "{not json" });
    probes.push({ method: route.method, path, headers: json, body: "[1]" });
    probes.push({ method: route.method, path, headers: { "content-type": "text/plain" }, body: "hello" });
    probes.push({ method: route.method, path, headers: json, body: JSON.stringify({ big: "x".repeat(5000) }) });
  }
  return probes;
}

function probesOfService(service: RestService, prefixes: string[]): Probe[] {
  const probes = prefixes.flatMap((prefix) => [
    ...service.routes.flatMap((route) => probesOf(prefix, route)),
    { method: "GET", path: `${prefix}/healthz` },
    { method: "GET", path: `${prefix}/nowhere` },
    { method: "GET", path: `${prefix}//profile` },
  ]);
  return probes;
}

const HEADERS = ["content-type", "allow", "access-control-allow-origin", "access-control-allow-methods", "vary", "etag", "retry-after", "connection"];

async function answers(server: RunningServer, probes: readonly Probe[], ran: Ran) {
  const seen = [];
  for (const probe of probes) {
    ran.length = 0;
    const response = await fetch(`${server.url}${probe.path}`, { method: probe.method, headers: probe.headers, body: probe.body });
    const text = await response.text();
    seen.push({ probe: `${probe.method} ${probe.path}`, status: response.status, headers: HEADERS.map((name) => response.headers.get(name)), text, ran: [...ran] });
  }
  return seen;
}

const servers: RunningServer[] = [];
async function serve(app: Express): Promise<RunningServer> {
  finishJsonApp(app, createLogger("silent"));
  const server = await listen(app, 0, "127.0.0.1");
  servers.push(server);
  return server;
}
after(async () => {
  for (const server of servers) await server.close();
});

describe("REST routes answered by the dispatcher exactly as by the services' routers", () => {
  const ranBefore: Ran = [];
  const ranNow: Ran = [];
  let before_: RunningServer;
  let now: RunningServer;
  before(async () => {
    before_ = await serve(routersAlone(optionsFor(ranBefore)));
    now = await serve(withDispatch(optionsFor(ranNow)));
  });

  test("every route of both platforms under every prefix: any case, trailing slash, encoded and undecodable parameters, other methods, HEAD, preflight, browsers, bad bodies", async () => {
    const probes = REST_SERVICES.flatMap((service) =>
      probesOfService(service, [service.prefix, ...(service.alsoUnder ?? [])]).concat(
        service.authPrefix ? service.routes.filter((route) => route.alsoAuth).flatMap((route) => probesOf(service.authPrefix!, route)) : [],
      ),
    );
    const expected = await answers(before_, probes, ranBefore);
    const actual = await answers(now, probes, ranNow);
    for (let i = 0; i < probes.length; i++) assert.deepEqual(actual[i], expected[i]);
    assert.ok(expected.filter((answer) => answer.ran.length > 0).length > 300, "most probes reached an operation");
    assert.ok(new Set(expected.map((answer) => answer.status)).size >= 6, "the probes met many kinds of answer");
  });

  test("the dispatcher answers a route's plain request itself, and passes on what the routers answer", async () => {
    const ran: Ran = [];
    const options = optionsFor(ran);
    const app = express();
    app.use(routeDispatch(REST_SERVICES.flatMap((service) => [service.prefix, ...(service.alsoUnder ?? [])].map((prefix) => ({ prefix, stack: serviceStack(service, options) })))));
    app.use((_req, res) => void res.status(418).end());
    const dispatchOnly = await serve(app);
    const plain = REST_SERVICES.flatMap((service) => service.routes.filter((route) => !route.upload).map((route) => probesOf(service.prefix, route)[0]));
    const answered = await answers(dispatchOnly, plain, ran);
    assert.deepEqual(answered.filter((answer) => answer.status === 418).map((answer) => answer.probe), []);
    const passedOn = await answers(dispatchOnly, [{ method: "HEAD", path: "/api/auth/profile" }, { method: "GET", path: "/api/auth/nowhere" }, { method: "GET", path: "/v1/healthz" }, { method: "DELETE", path: "/api/auth/profile" }], ran);
    assert.deepEqual(passedOn.map((answer) => answer.status), [418, 418, 418, 418]);
  });

  test("a service on its own port, at the root", async () => {
    const service = REST_SERVICES.find((candidate) => candidate.directPort)!;
    const [ranA, ranB]: [Ran, Ran] = [[], []];
    const alone = await serve(directPort(service, optionsFor(ranA), false));
    const dispatched = await serve(directPort(service, optionsFor(ranB), true));
    const probes = probesOfService(service, [""]);
    assert.deepEqual(await answers(dispatched, probes, ranB), await answers(alone, probes, ranA));
  });
});
