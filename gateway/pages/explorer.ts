import type { Express, Request, RequestHandler } from "express";
import { scriptPageHeaders, scriptPageHtml } from "../../lib/html-page.js";
import { pageBundle } from "./bundles.js";

/** A browser opening the URL (not a GraphQL client): it prefers HTML to JSON. */
export function wantsHtml(req: Request): boolean {
  return req.accepts(["application/json", "text/html"]) === "text/html";
}

/** `/pages/<name>.js` and `/pages/<name>.css`: a page's bundle (built on first request, then kept). */
export function bundleAssets(name: string): RequestHandler[] {
  const send = (part: "js" | "css", type: string): RequestHandler => async (_req, res, next) => {
    try {
      const bundle = await pageBundle(name);
      res.set(scriptPageHeaders()).type(type).send(bundle[part]);
    } catch (error) {
      next(error);
    }
  };
  return [send("js", "text/javascript"), send("css", "text/css")];
}

/**
 * GraphiQL at `/graphql` for a browser's GET (same path as the graph and its graphql-ws
 * subscriptions), bundled from the installed packages: no request leaves the platform. Only where
 * introspection is allowed (GRAPHQL_INTROSPECTION); otherwise GET `/graphql` is the graph's own answer.
 */
export function mountExplorer(app: Express, enabled: boolean): void {
  if (!enabled) return;
  const [js, css] = bundleAssets("explorer");
  app.get("/pages/explorer.js", js);
  app.get("/pages/explorer.css", css);
  app.get("/graphql", (req, res, next) => {
    if (!wantsHtml(req)) return next();
    res.set(scriptPageHeaders()).type("html").send(scriptPageHtml({ title: "Graph explorer", script: "/pages/explorer.js", stylesheet: "/pages/explorer.css", mountId: "explorer" }));
  });
}
