import type { Express } from "express";
import { htmlPageHeaders } from "../lib/html-page.js";
import { pageAsset } from "./assets.js";
import { scriptPageHeaders } from "./script-page.js";

/** The REST platforms whose docs these pages link (each with an OpenAPI document of its own). */
export type Platform = "business" | "design";
const PLATFORMS: readonly Platform[] = ["business", "design"];

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API docs</title></head><body style="font:15px/1.5 system-ui,sans-serif;margin:2rem">
<h1>REST API docs</h1><ul>
<li><a href="/docs/design">Design platform</a> (<a href="/openapi/design.json">OpenAPI 3.1</a>)</li>
<li><a href="/docs/business">Business platform</a> (<a href="/openapi/business.json">OpenAPI 3.1</a>)</li>
<li><a href="/graphql">The graph's explorer</a> (where enabled)</li></ul></body></html>`;

const docsHtml = (platform: Platform) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${platform} platform REST API</title></head><body style="margin:0"><redoc spec-url="/openapi/${platform}.json"></redoc><script src="/pages/redoc.js"></script></body></html>`;

/**
 * `/openapi/business.json` and `/openapi/design.json` (`openApiDocument`, made once per platform on
 * first request), and `/docs`: Redoc on them, from the pages' build (no CDN).
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
  app.get("/pages/redoc.js", pageAsset("redoc.js"));
}
