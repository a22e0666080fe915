import type { Express } from "express";
import { htmlPageHeaders } from "../lib/html-page.js";
import { pageAsset } from "./assets.js";
import { scriptPageHeaders, scriptPageHtml } from "./script-page.js";

/** The REST platforms whose docs these pages link (each with an OpenAPI document of its own). */
export type Platform = "business" | "design";
const PLATFORMS: readonly Platform[] = ["business", "design"];

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API docs</title></head><body style="font:15px/1.5 system-ui,sans-serif;margin:2rem">
<h1>REST API docs</h1><ul>
<li><a href="/docs/design">Design platform</a> (<a href="/openapi/design.json">OpenAPI 3.1</a>)</li>
<li><a href="/docs/business">Business platform</a> (<a href="/openapi/business.json">OpenAPI 3.1</a>)</li>
<li><a href="/graphql">The graph's explorer</a> (where enabled)</li></ul></body></html>`;

const docsHtml = (platform: Platform) =>
  scriptPageHtml({ title: `${platform} platform REST API`, script: "/pages/api-docs.js", stylesheet: "/pages/api-docs.css", mountId: "api-docs" });

/**
 * `/openapi/business.json` and `/openapi/design.json` (`openApiDocument`, made once per platform on
 * first request), and `/docs`: Swagger UI on them, from the pages' build (no CDN).
 */
export function mountApiDocs(app: Express, openApiDocument: (platform: Platform) => unknown): void {
  const documents = new Map<Platform, string>();
  const documentOf = (platform: Platform) => {
    if (!documents.has(platform)) documents.set(platform, JSON.stringify(openApiDocument(platform)));
    return documents.get(platform)!;
  };
  for (const platform of PLATFORMS) {
    app.get(`/openapi/${platform}.json`, (_req, res) => void res.type("json").set("Access-Control-Allow-Origin", "*").send(documentOf(platform)));
    app.get(`/docs/${platform}`, (_req, res) => void res.set(scriptPageHeaders()).type("html").send(docsHtml(platform)));
  }
  app.get("/docs", (_req, res) => void res.set(htmlPageHeaders()).type("html").send(INDEX_HTML));
  app.get("/pages/api-docs.js", pageAsset("api-docs.js"));
  app.get("/pages/api-docs.css", pageAsset("api-docs.css"));
}
