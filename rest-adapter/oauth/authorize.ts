import express, { type Request, type Response, type Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import { statusForError } from "../../lib/errors.js";
import { sendAuthorizationError, sendBackToClient, sendConsentPage } from "../../pages/oauth-consent.js";
import { designStyle } from "../error-styles.js";
import { problemOfGraphMessage } from "../input-check.js";
import { refusalOf } from "../input-errors.js";
import { callerOf, type AdapterOptions } from "../router.js";
import type { RestRoute } from "../route-table.js";

const PARAMS = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "nonce"] as const;

const PROMPT = `query($request: AuthorizationRequestInput!) { authorizationPrompt(request: $request) { clientName scopes redirectUri } }`;
const LOGIN = `mutation($input: LoginEmailPasswordInput!) { loginWithEmailPassword(input: $input) { token } }`;
const APPROVE = `mutation($request: AuthorizationRequestInput!) { approveAuthorization(request: $request) { redirectTo } }`;

type Params = Partial<Record<(typeof PARAMS)[number], string>>;

function readParams(source: Record<string, unknown>): Params {
  return Object.fromEntries(PARAMS.flatMap((name) => (typeof source[name] === "string" ? [[name, source[name]]] : []))) as Params;
}

function asRequest(params: Params) {
  return {
    responseType: params.response_type ?? null,
    clientId: params.client_id ?? null,
    redirectUri: params.redirect_uri ?? null,
    scope: params.scope ?? null,
    state: params.state ?? null,
    codeChallenge: params.code_challenge ?? null,
    codeChallengeMethod: params.code_challenge_method ?? null,
    nonce: params.nonce ?? null,
  };
}

/** What the graph says of a valid request: whose it is, what it asks, and where its answer goes (the redirect URI, checked for the client). */
interface Prompt {
  clientName: string;
  scopes: string[];
  redirectUri: string;
}

function consentPage(res: Response, status: number, params: Params, prompt: Prompt, problem?: string) {
  sendConsentPage(res, status, { ...prompt, hidden: params, problem });
}

/** The redirect URI with an error; `answer` sends the browser there (a plain redirect, or the consent form's way back). */
function redirectWithError(res: Response, redirectUri: string, params: Params, code: string, description: string, answer = (target: string) => res.redirect(302, target)) {
  const target = new URL(redirectUri);
  target.searchParams.set("error", code);
  target.searchParams.set("error_description", description);
  if (params.state) target.searchParams.set("state", params.state);
  answer(target.toString());
}

/** The page's operations as routes of the tables read them: what names a refused variable by the parameter it came from. */
const PROMPT_ROUTE: RestRoute = { method: "GET", path: "/oauth/authorize", operation: PROMPT, variables: ({ query }) => ({ request: asRequest(readParams(query)) }) };
const LOGIN_ROUTE: RestRoute = { method: "POST", path: "/oauth/authorize", operation: LOGIN, variables: ({ body }) => ({ input: { email: body.email, password: body.password } }) };

/** An error's message for the page: a variable the graph refused (text it cannot store, say) by its parameter's name (`state must be …`). */
function wordsOf(error: GraphQLFormattedError, route: RestRoute): string {
  const problem = problemOfGraphMessage(error.message);
  return problem ? refusalOf(problem, route, designStyle).message : error.message;
}

/** Answers an authorization-request error: back to the client when allowed (`back`: how), an error page otherwise. */
function refuse(res: Response, params: Params, error: GraphQLFormattedError | undefined, back?: (target: string) => void) {
  if (error?.extensions?.redirectable === true && params.redirect_uri) {
    return redirectWithError(res, params.redirect_uri, params, String(error.extensions.oauthError), error.message, back);
  }
  sendAuthorizationError(res, 400, error ? wordsOf(error, PROMPT_ROUTE) : "The authorization request is invalid");
}

/**
 * The authorization endpoint, to mount at `/oauth/authorize`: a sign-in and consent page served by us,
 * with no external assets. Approving signs the user in (accounts) and asks identity for a code.
 */
export function authorizationPage(options: AdapterOptions): Router {
  const router = express.Router();
  const run = (req: Request, query: string, variables: Record<string, unknown>, authorization?: string) =>
    options.runOperation({ query, variables, caller: { ...callerOf(req, options), authorization } });

  router.get("/", async (req: Request, res: Response) => {
    const params = readParams(req.query);
    const prompt = await run(req, PROMPT, { request: asRequest(params) });
    if (prompt.errors?.length || !prompt.data) return refuse(res, params, prompt.errors?.[0]);
    consentPage(res, 200, params, prompt.data.authorizationPrompt as Prompt);
  });

  router.post("/", express.urlencoded({ extended: false, limit: "16kb" }), async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params = readParams(body);
    const prompt = await run(req, PROMPT, { request: asRequest(params) });
    if (prompt.errors?.length || !prompt.data) return refuse(res, params, prompt.errors?.[0], (target) => sendBackToClient(res, target, "the application"));
    const details = prompt.data.authorizationPrompt as Prompt;
    // The answer to the form goes back to the client: its origin is in the form page's policy, or a page leads there.
    const back = (target: string) => sendBackToClient(res, target, details.clientName);
    if (body.decision === "deny") return redirectWithError(res, details.redirectUri, params, "access_denied", "The user denied access", back);
    if (body.decision !== "approve") return consentPage(res, 400, params, details, "Choose Allow or Deny");
    const login = await run(req, LOGIN, { input: { email: String(body.email ?? ""), password: String(body.password ?? "") } });
    const token = (login.data?.loginWithEmailPassword as { token?: string } | undefined)?.token;
    if (!token) {
      const failure = login.errors?.[0];
      return consentPage(res, failure ? statusForError(failure) : 401, params, details, failure ? wordsOf(failure, LOGIN_ROUTE) : "Sign-in failed");
    }
    const grant = await run(req, APPROVE, { request: asRequest(params) }, `Bearer ${token}`);
    const redirectTo = (grant.data?.approveAuthorization as { redirectTo?: string } | undefined)?.redirectTo;
    if (!redirectTo) return refuse(res, params, grant.errors?.[0], back);
    back(redirectTo);
  });
  return router;
}
