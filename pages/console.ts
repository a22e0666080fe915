import type { Express, Response } from "express";
import { escapeHtml } from "../lib/html-page.js";
import { pageAsset } from "./assets.js";
import { scriptPageHeaders } from "./script-page.js";
import { CONSOLE_NAME_SCOPE, CONSOLE_SCOPES, mountSignIn, type ConsoleOutcome, type SignInOptions } from "./sign-in.js";

interface PageState extends ConsoleOutcome {
  signIn: boolean;
}

function consoleHtml(state: PageState): string {
  const how = state.signIn
    ? `<p id="how"><a id="sign-in" href="/console/sign-in">Sign in</a> as a design-platform user, or paste an OAuth access token with <code>${CONSOLE_SCOPES}</code> (and <code>${CONSOLE_NAME_SCOPE}</code> to show your name).</p>`
    : `<p id="how">Sign in as a design-platform user: paste an OAuth access token with <code>${CONSOLE_SCOPES}</code> (and <code>${CONSOLE_NAME_SCOPE}</code> to show your name; see docs/api.md, "Job console").</p>`;
  // JSON inside a data block: `<` escaped so no text of it can close the element.
  const session = state.session ? `<script id="session" type="application/json">${JSON.stringify(state.session).replace(/</g, "\\u003c")}</script>` : "";
  const problem = state.problem ? `<p id="problem" role="alert">${escapeHtml(state.problem)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Job console</title><link rel="stylesheet" href="/pages/console.css"></head><body>
<h1>Job console</h1>${problem}${how}<p id="who" role="status"></p>
<p>Each file becomes a job whose progress arrives live over the graph's subscription; a design imported from a file can be exported as a PDF, and the imported designs merged into one, jobs of their own.</p>
<form id="upload"><label>Access token <input id="token" type="password" autocomplete="off" required></label>
<label>As <select id="kind"><option value="asset">assets (images, videos)</option><option value="import">design imports (PDF, PowerPoint, …)</option></select></label>
<label>Files <input id="files" type="file" multiple required></label><button type="submit">Upload</button></form>
<p><button type="button" id="merge" disabled>Merge the imported designs into one</button></p>
<h2>Jobs</h2><ul id="jobs"></ul>${session}
<script src="/pages/console.js"></script></body></html>`;
}

function sendPage(res: Response, status: number, state: PageState): void {
  res.status(status).set(scriptPageHeaders()).type("html").send(consoleHtml(state));
}

/** `/console`: upload assets and watch their jobs live (graphql-ws client bundled, no CDN); signing in when the console has a client. */
export function mountConsole(app: Express, options: SignInOptions): void {
  app.get("/pages/console.js", pageAsset("console.js"));
  app.get("/pages/console.css", pageAsset("console.css"));
  const signIn = options.client !== undefined;
  app.get("/console", (_req, res) => sendPage(res, 200, { signIn }));
  mountSignIn(app, options, (res, status, outcome) => sendPage(res, status, { signIn, ...outcome }));
}
