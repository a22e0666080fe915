import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Express, Request, Response } from "express";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import { escapeHtml } from "../lib/html-page.js";
import { pageAsset } from "./assets.js";
import { scriptPageHeaders } from "./script-page.js";

/** Runs an operation through the graph in this process (the gateway's own pipeline), as the token endpoint does. */
export type RunInGraph = (request: { query: string; variables: Record<string, unknown>; authorization: undefined }) => Promise<{
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}>;

export interface ConsoleOptions {
  /** The console's own OAuth client: with it the page signs users in; without it they paste a token. */
  client: { id: string; secret: string } | undefined;
  internalCalls: InternalCalls;
  /** Runs the token exchange. */
  execute: RunInGraph;
  /** Whether the deployment is reached over HTTPS (the sign-in cookie is then `Secure`). */
  secure: boolean;
}

/** What the console asks for: uploading assets, importing design files and exporting designs, and reading those jobs. */
const CONSOLE_SCOPES = "asset:read asset:write design:meta:read design:content:read design:content:write";
const SIGN_IN_COOKIE = "console_sign_in";
/** How long a sign-in may take between leaving for the authorization page and coming back. */
const SIGN_IN_MS = 10 * 60_000;

const EXCHANGE = `mutation($client: ClientCredentialsInput!, $request: TokenRequestInput!) {
  exchangeOAuthToken(client: $client, request: $request) { accessToken expiresIn } }`;

interface PageState {
  signIn: boolean;
  /** A token just obtained by signing in, handed to the page's script (read once, then kept in the tab). */
  session?: { accessToken: string; expiresIn: number };
  problem?: string;
}

function consoleHtml(state: PageState): string {
  const how = state.signIn
    ? `<p id="how"><a id="sign-in" href="/console/sign-in">Sign in</a> as a design-platform user, or paste an OAuth access token with <code>${CONSOLE_SCOPES}</code>.</p>`
    : `<p id="how">Sign in as a design-platform user: paste an OAuth access token with <code>${CONSOLE_SCOPES}</code> (see docs/api.md, "Job console").</p>`;
  // JSON inside a data block: `<` escaped so no text of it can close the element.
  const session = state.session ? `<script id="session" type="application/json">${JSON.stringify(state.session).replace(/</g, "\\u003c")}</script>` : "";
  const problem = state.problem ? `<p id="problem" role="alert">${escapeHtml(state.problem)}</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Job console</title><link rel="stylesheet" href="/pages/console.css"></head><body>
<h1>Job console</h1>${problem}${how}
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

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Signing in with the authorization code flow (PKCE), the console being a confidential client whose
 * secret stays on the server: the state, the verifier and the redirect URI travel in a sealed,
 * HttpOnly cookie scoped to `/console`, the code is exchanged here, and only the access token reaches
 * the page. The redirect URI is this origin's `/console/callback`, which the client must have registered.
 */
function mountSignIn(app: Express, options: ConsoleOptions & { client: { id: string; secret: string } }): void {
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${SIGN_IN_COOKIE}=${value}; Path=/console; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${options.secure ? "; Secure" : ""}`;

  app.get("/console/sign-in", (req, res) => {
    const state = randomBytes(16).toString("base64url");
    const verifier = randomBytes(32).toString("base64url");
    const redirectUri = `${req.protocol}://${req.get("host")}/console/callback`;
    res.setHeader("Set-Cookie", cookie(options.internalCalls.seal(SIGN_IN_COOKIE, JSON.stringify({ state, verifier, redirectUri })), SIGN_IN_MS / 1000));
    const query = new URLSearchParams({
      response_type: "code",
      client_id: options.client.id,
      redirect_uri: redirectUri,
      scope: CONSOLE_SCOPES,
      state,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    });
    res.set("Cache-Control", "no-store").redirect(302, `/oauth/authorize?${query}`);
  });

  app.get("/console/callback", async (req, res) => {
    res.setHeader("Set-Cookie", cookie("", 0));
    const started = options.internalCalls.unseal(SIGN_IN_COOKIE, cookieValue(req, SIGN_IN_COOKIE), SIGN_IN_MS);
    const pending = started ? (JSON.parse(started) as { state: string; verifier: string; redirectUri: string }) : undefined;
    const { code, state, error } = req.query;
    if (!pending || typeof state !== "string" || !sameText(state, pending.state)) {
      return sendPage(res, 400, { signIn: true, problem: "This sign-in did not start here or took too long: sign in again." });
    }
    if (typeof error === "string") return sendPage(res, 400, { signIn: true, problem: `Not signed in: ${error === "access_denied" ? "access was not granted" : error}.` });
    if (typeof code !== "string" || code.length === 0 || code.length > 512) return sendPage(res, 400, { signIn: true, problem: "The sign-in came back without a code: sign in again." });
    const result = await options.execute({
      query: EXCHANGE,
      variables: {
        client: { clientId: options.client.id, clientSecret: options.client.secret },
        request: { grantType: "authorization_code", code, codeVerifier: pending.verifier, redirectUri: pending.redirectUri },
      },
      authorization: undefined,
    });
    const tokens = result.data?.exchangeOAuthToken as { accessToken: string; expiresIn: number } | undefined;
    if (!tokens) return sendPage(res, 400, { signIn: true, problem: `The sign-in could not be completed: ${result.errors?.[0]?.message ?? "no token"}.` });
    sendPage(res, 200, { signIn: true, session: tokens });
  });
}

/** `/console`: upload assets and watch their jobs live (graphql-ws client bundled, no CDN); signing in when the console has a client. */
export function mountConsole(app: Express, options: ConsoleOptions): void {
  app.get("/pages/console.js", pageAsset("console.js"));
  app.get("/pages/console.css", pageAsset("console.css"));
  app.get("/console", (_req, res) => sendPage(res, 200, { signIn: options.client !== undefined }));
  if (options.client) mountSignIn(app, { ...options, client: options.client });
}
