import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Express } from "express";
import { htmlPageHeaders, scriptPageHeaders } from "../../lib/html-page.js";
import { openApiDocument, supergraphSchema, type Platform } from "../../rest-adapter/openapi/document.js";
import { REST_SERVICES } from "../../rest-adapter/services.js";
import { documentedRates } from "../../rest-adapter/rates.js";
import { DOMAINS } from "../../subgraphs/registry.js";

const PLATFORMS: readonly Platform[] = ["business", "design"];
const require = createRequire(import.meta.url);

/** The one address Redoc's bundle loads from elsewhere: the attribution's logo image (not needed: its text stays). */
const REDOC_CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

let redoc: string | undefined;
/** Redoc's own prebuilt browser bundle, from the installed package (read once), asking nothing of another origin. */
const redocScript = () => (redoc ??= readFileSync(require.resolve("redoc/bundles/redoc.standalone.js"), "utf8").replaceAll(REDOC_CDN_LOGO, "data:,"));

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API docs</title></head><body style="font:15px/1.5 system-ui,sans-serif;margin:2rem">
<h1>REST API docs</h1><ul>
<li><a href="/docs/design">Design platform</a> (<a href="/openapi/design.json">OpenAPI 3.1</a>)</li>
<li><a href="/docs/business">Business platform</a> (<a href="/openapi/business.json">OpenAPI 3.1</a>)</li>
<li><a href="/graphql">The graph's explorer</a> (where enabled)</li></ul></body></html>`;

const docsHtml = (platform: Platform) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${platform} platform REST API</title></head><body style="margin:0"><redoc spec-url="/openapi/${platform}.json"></redoc><script src="/pages/redoc.js"></script></body></html>`;

/**
 * `/openapi/business.json` and `/openapi/design.json` (generated once from the route tables and the
 * composed graph), and `/docs`: Redoc on them, served from the installed package (no CDN).
 */
export function mountApiDocs(app: Express, supergraphSdl: string): void {
  const documents = new Map<Platform, string>();
  const documentOf = (platform: Platform) => {
    if (!documents.has(platform)) documents.set(platform, JSON.stringify(openApiDocument(platform, REST_SERVICES, supergraphSchema(supergraphSdl), documentedRates(DOMAINS))));
    return documents.get(platform)!;
  };
  for (const platform of PLATFORMS) {
    app.get(`/openapi/${platform}.json`, (_req, res) => void res.type("json").set("Access-Control-Allow-Origin", "*").send(documentOf(platform)));
    app.get(`/docs/${platform}`, (_req, res) => void res.set(scriptPageHeaders()).type("html").send(docsHtml(platform)));
  }
  app.get("/docs", (_req, res) => void res.set(htmlPageHeaders()).type("html").send(INDEX_HTML));
  app.get("/pages/redoc.js", (_req, res) => void res.set(scriptPageHeaders()).type("text/javascript").send(redocScript()));
}
