import type { Express } from "express";
import { scriptPageHeaders } from "../../lib/html-page.js";
import { bundleAssets } from "./explorer.js";

const CONSOLE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Job console</title><link rel="stylesheet" href="/pages/console.css"></head><body>
<h1>Job console</h1>
<p>Sign in as a design-platform user: paste an OAuth access token with <code>asset:read asset:write</code>
(see README, "Job console"). Each upload becomes a job whose progress arrives live over the graph's subscription.</p>
<form id="upload"><label>Access token <input id="token" type="password" autocomplete="off" required></label>
<label>Files <input id="files" type="file" multiple required></label><button type="submit">Upload</button></form>
<h2>Jobs</h2><ul id="jobs"></ul>
<script src="/pages/console.js"></script></body></html>`;

/** `/console`: upload assets and watch their jobs live (graphql-ws client bundled, no CDN). */
export function mountConsole(app: Express): void {
  const [js, css] = bundleAssets("console");
  app.get("/pages/console.js", js);
  app.get("/pages/console.css", css);
  app.get("/console", (_req, res) => void res.set(scriptPageHeaders()).type("html").send(CONSOLE_HTML));
}
