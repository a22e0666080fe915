import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Express, Request, Response } from "express";
import { EDITOR_SCOPES } from "../lib/auth/design-scopes.js";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import { escapeHtml, sameOriginPageHeaders } from "../lib/html-page.js";

/** Runs an operation through the graph in this process (the gateway's own pipeline), as the token endpoint does. */
export type RunInGraph = (request: { query: string; variables: Record<string, unknown>; authorization: undefined }) => Promise<{
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}>;

export interface SignInOptions {
  /** The pages' own OAuth client (the job console's): with it users sign in; without it they paste a token. */
  client: { id: string; secret: string } | undefined;
  internalCalls: InternalCalls;
  /** Runs the token exchange. */
  execute: RunInGraph;
  /** Whether the deployment is reached over HTTPS (the sign-in cookie is then `Secure`). */
  secure: boolean;
}

/** What a sign-in that started on the console (no `return`) hands back: shown on the console page. */
export interface ConsoleOutcome {
  session?: { accessToken: string; expiresIn: number };
  problem?: string;
}

/** What the console asks for: uploading assets, importing design files and exporting designs, and reading those jobs. */
export const CONSOLE_SCOPES = "asset:read asset:write design:meta:read design:content:read design:content:write";
/** Asked for besides, where the console's client is registered for it: the user's name, which the console shows. */
export const CONSOLE_NAME_SCOPE = "profile:read";

const SIGN_IN_COOKIE = "console_sign_in";
/** How long a sign-in may take between leaving for the authorization page and coming back. */
const SIGN_IN_MS = 10 * 60_000;
/**
 * The only place a sign-in returns to besides the console: an edit link of this origin, as the designs
 * domain makes them (a design id, then a signed token: base64url payload and a 43-character MAC).
 */
const EDITOR_LINK = /^\/designs\/[A-Za-z0-9_-]{1,50}\/edit\?token=[A-Za-z0-9_-]{1,500}\.[A-Za-z0-9_-]{43}$/;

const EXCHANGE = `mutation($client: ClientCredentialsInput!, $request: TokenRequestInput!) {
  exchangeOAuthToken(client: $client, request: $request) { accessToken expiresIn } }`;
const PROMPT = `query($request: AuthorizationRequestInput!) { authorizationPrompt(request: $request) { clientName } }`;

/** The editor link a sign-in was asked to return to, if it is one; anything else (another origin, path or shape) is not. */
export function editorReturnPath(value: unknown): string | undefined {
  return typeof value === "string" && EDITOR_LINK.test(value) ? value : undefined;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A short page of this origin's files: the sign-in's outcome for the editor. */
function editorOutcomePage(res: Response, status: number, body: string, script?: string): void {
  const scriptTag = script ? `<script src="${script}"></script>` : "";
  res.status(status).set(sameOriginPageHeaders()).type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Design editor sign-in</title><link rel="stylesheet" href="/pages/editor.css"></head>
<body class="sign-in-outcome">${body}${scriptTag}</body></html>`);
}

/** The editor's sign-in went wrong: why, and the way back to the design (where a token can be pasted instead). */
function editorProblem(res: Response, status: number, problem: string, returnTo: string): void {
  editorOutcomePage(res, status, `<h1>Not signed in</h1><p role="alert" id="problem">${escapeHtml(problem)}</p><p><a href="${escapeHtml(returnTo)}">Back to the design</a></p>`);
}

/**
 * The editor's sign-in succeeded: the token in a data block (`<` escaped, so no text of it closes the
 * element) that the page's script keeps in the tab before it returns to the editor link.
 */
function editorSignedIn(res: Response, session: { accessToken: string; expiresIn: number }, returnTo: string): void {
  const data = JSON.stringify({ ...session, returnTo }).replace(/</g, "\\u003c");
  editorOutcomePage(res, 200, `<p>Signed in. <a id="return" href="${escapeHtml(returnTo)}">Back to the design</a></p><script id="session" type="application/json">${data}</script>`, "/pages/signed-in.js");
}

interface PendingSignIn {
  state: string;
  verifier: string;
  redirectUri: string;
  returnTo?: string;
}

/**
 * Signing in with the authorization code flow (PKCE), the pages being a confidential client whose
 * secret stays on the server: `/console/sign-in` (with `return=<edit link>` from the design editor)
 * puts the state, the verifier, the redirect URI and where to return in a sealed, HttpOnly cookie
 * scoped to `/console`, the code is exchanged at `/console/callback` (the one redirect URI the client
 * registers), and only the access token reaches the page: the console's, or a page that hands it to
 * the editor link the sign-in started from.
 */
export function mountSignIn(app: Express, options: SignInOptions, showConsole: (res: Response, status: number, outcome: ConsoleOutcome) => void): void {
  const client = options.client;
  if (!client) {
    app.get("/console/sign-in", (req, res) => {
      const returnTo = editorReturnPath(req.query.return);
      if (returnTo) return editorProblem(res, 404, "Signing in is not set up on this platform: paste an access token on the design's page instead.", returnTo);
      res.redirect(302, "/console");
    });
    return;
  }
  const cookie = (value: string, maxAgeSeconds: number) =>
    `${SIGN_IN_COOKIE}=${value}; Path=/console; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${options.secure ? "; Secure" : ""}`;

  app.get("/console/sign-in", async (req, res) => {
    const returnTo = editorReturnPath(req.query.return);
    if (req.query.return !== undefined && !returnTo) return showConsole(res, 400, { problem: "A sign-in returns only to this platform's design edit links." });
    const pending: PendingSignIn = {
      state: randomBytes(16).toString("base64url"),
      verifier: randomBytes(32).toString("base64url"),
      redirectUri: `${req.protocol}://${req.get("host")}/console/callback`,
      returnTo,
    };
    res.setHeader("Set-Cookie", cookie(options.internalCalls.seal(SIGN_IN_COOKIE, JSON.stringify(pending)), SIGN_IN_MS / 1000));
    const request = {
      responseType: "code",
      clientId: client.id,
      redirectUri: pending.redirectUri,
      scope: returnTo ? EDITOR_SCOPES : `${CONSOLE_SCOPES} ${CONSOLE_NAME_SCOPE}`,
      state: pending.state,
      codeChallenge: createHash("sha256").update(pending.verifier).digest("base64url"),
      codeChallengeMethod: "S256",
    };
    // A client registered before the console showed names has no `profile:read`: it signs in without.
    if (!returnTo && !(await options.execute({ query: PROMPT, variables: { request }, authorization: undefined })).data) request.scope = CONSOLE_SCOPES;
    const query = new URLSearchParams({
      response_type: request.responseType,
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: request.codeChallengeMethod,
    });
    res.set("Cache-Control", "no-store").redirect(302, `/oauth/authorize?${query}`);
  });

  app.get("/console/callback", async (req, res) => {
    res.setHeader("Set-Cookie", cookie("", 0));
    const started = options.internalCalls.unseal(SIGN_IN_COOKIE, cookieValue(req, SIGN_IN_COOKIE), SIGN_IN_MS);
    const pending = started ? (JSON.parse(started) as PendingSignIn) : undefined;
    const returnTo = editorReturnPath(pending?.returnTo);
    const fail = (problem: string) => (returnTo ? editorProblem(res, 400, problem, returnTo) : showConsole(res, 400, { problem }));
    const { code, state, error } = req.query;
    if (!pending || typeof state !== "string" || !sameText(state, pending.state)) return fail("This sign-in did not start here or took too long: sign in again.");
    if (typeof error === "string") return fail(`Not signed in: ${error === "access_denied" ? "access was not granted" : error}.`);
    if (typeof code !== "string" || code.length === 0 || code.length > 512) return fail("The sign-in came back without a code: sign in again.");
    const result = await options.execute({
      query: EXCHANGE,
      variables: {
        client: { clientId: client.id, clientSecret: client.secret },
        request: { grantType: "authorization_code", code, codeVerifier: pending.verifier, redirectUri: pending.redirectUri },
      },
      authorization: undefined,
    });
    const tokens = result.data?.exchangeOAuthToken as { accessToken: string; expiresIn: number } | undefined;
    if (!tokens) return fail(`The sign-in could not be completed: ${result.errors?.[0]?.message ?? "no token"}.`);
    if (returnTo) return editorSignedIn(res, tokens, returnTo);
    showConsole(res, 200, { session: tokens });
  });
}
