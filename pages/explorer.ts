import type { Express, Request } from "express";
import { pageAsset } from "./assets.js";
import { scriptPageHeaders, scriptPageHtml } from "./script-page.js";

/** A browser opening the URL (not a GraphQL client): it prefers HTML to JSON. */
export function wantsHtml(req: Request): boolean {
  return req.accepts(["application/json", "text/html"]) === "text/html";
}

/**
 * GraphiQL at `/graphql` for a browser's GET (same path as the graph and its graphql-ws
 * subscriptions), bundled from the installed packages: no request leaves the platform. Only where
 * introspection is allowed (GRAPHQL_INTROSPECTION); otherwise GET `/graphql` is the graph's own answer.
 */
export function mountExplorer(app: Express, enabled: boolean): void {
  if (!enabled) return;
  app.get("/pages/explorer.js", pageAsset("explorer.js"));
  app.get("/pages/explorer.css", pageAsset("explorer.css"));
  app.get("/graphql", (req, res, next) => {
    if (!wantsHtml(req)) return next();
    res.set(scriptPageHeaders()).type("html").send(scriptPageHtml({ title: "Graph explorer", script: "/pages/explorer.js", stylesheet: "/pages/explorer.css", mountId: "explorer" }));
  });
}
