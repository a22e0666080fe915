import type { NextFunction, Request, RequestHandler, Response } from "express";
import { match, type MatchFunction } from "path-to-regexp";
import type { ServiceStack } from "./router.js";

/** A service's routes served under one prefix (`""` on its own port). */
export interface MountedStack {
  prefix: string;
  stack: ServiceStack;
}

interface CompiledRoute {
  method: string;
  matches: MatchFunction<Record<string, string>>;
  noBrowser: boolean;
  handlers: RequestHandler[];
}

interface CompiledMount {
  /** The prefix, lower-cased: mounts match paths in any case, as Express does. */
  prefix: string;
  stack: ServiceStack;
  routes: CompiledRoute[];
}

/** Paths each service's router answers itself, before any route of its table. */
const SERVICE_PATHS = /^\/(?:healthz|readyz)\/?$/i;

/** A path parameter decoded as Express decodes it; one it cannot decode throws, and Express answers that request. */
const decodeParam = (value: string) => (value.includes("%") ? decodeURIComponent(value) : value);

/**
 * Answers a request for a route of the tables in one step, as the services' Express routers would:
 * the first service whose prefix the path is under, the first of its routes matching path and method
 * (any case, a trailing slash allowed, parameters decoded), its CORS, body parser and handler, its
 * errors in its style. Anything else — an unknown path or method, HEAD and OPTIONS, the services' health
 * paths, a browser calling a backend-only route, a path Express would decode otherwise — goes on to the
 * routers mounted after this, which answer it.
 *
 * Walking those routers costs a request a closure per layer it passes and an event-loop turn per
 * router it leaves unanswered; this costs one map of the path.
 */
export function routeDispatch(mounts: readonly MountedStack[]): RequestHandler {
  const compiled: CompiledMount[] = mounts.map(({ prefix, stack }) => ({
    prefix: prefix.toLowerCase(),
    stack,
    routes: stack.routes.map(({ route, handlers }) => ({
      method: route.method,
      matches: match<Record<string, string>>(`${prefix}${route.path}`.replace(/\/+$/, "") || "/", { sensitive: false, end: true, trailing: true, decode: decodeParam }),
      noBrowser: route.noBrowser === true,
      handlers,
    })),
  }));

  return (req, res, next) => {
    const queryAt = req.url.indexOf("?");
    const path = queryAt < 0 ? req.url : req.url.slice(0, queryAt);
    if (path[0] !== "/" || path.includes("//")) return next();
    const lower = path.toLowerCase();
    const mount = compiled.find(({ prefix }) => prefix === "" || (lower.startsWith(prefix) && (lower.length === prefix.length || lower[prefix.length] === "/")));
    if (!mount || SERVICE_PATHS.test(path.slice(mount.prefix.length))) return next();
    // Express refuses a browser before any route when a backend-only route has the path, for any method: its router says so.
    if (req.headers.origin !== undefined && mount.routes.some((route) => route.noBrowser && matchesSafely(route, path))) return next();
    let found: { route: CompiledRoute; params: Record<string, string> } | undefined;
    try {
      for (const route of mount.routes) {
        if (route.method !== req.method) continue;
        const matched = route.matches(path);
        if (matched) {
          found = { route, params: matched.params };
          break;
        }
      }
    } catch {
      return next();
    }
    if (!found) return next();
    req.params = found.params;
    run([mount.stack.cors, ...found.route.handlers], req, res, (error) => (error === undefined ? next() : mount.stack.errors(error, req, res, next)));
  };
}

function matchesSafely(route: CompiledRoute, path: string): boolean {
  try {
    return route.matches(path) !== false;
  } catch {
    return true;
  }
}

/** Runs Express middleware in order, as a route's layers run: a thrown error or rejected promise goes to `done`. */
function run(handlers: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void {
  let index = 0;
  const step: NextFunction = (error?: unknown) => {
    if (error !== undefined && error !== null && error !== "route" && error !== "router") return done(error);
    const handler = handlers[index++];
    if (!handler) return done();
    try {
      const returned: unknown = handler(req, res, step);
      if (returned instanceof Promise) returned.catch((failure: unknown) => done(failure ?? new Error("Rejected promise")));
    } catch (failure) {
      done(failure);
    }
  };
  step();
}
