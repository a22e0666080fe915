import { createHash, randomBytes } from "node:crypto";
import type { HttpClient } from "./http.js";
import type { People, Person } from "./people.js";
import { PASSWORD } from "./accounts.js";

export const REDIRECT_URI = "https://integration.example.com/callback";

export interface Integration {
  clientId: string;
  clientSecret: string;
}

/** The `registerIntegration` mutation as `owner` sends it; the response as it came. */
export function sendRegistration(http: HttpClient, owner: Person, scopes: string, redirectUris = [REDIRECT_URI]) {
  return http.graphql(
    `mutation($name: String!, $uris: [String!]!, $scopes: String!) {
      registerIntegration(name: $name, redirectUris: $uris, scopes: $scopes) { clientId clientSecret integration { status } } }`,
    { name: "Test integration", uris: redirectUris, scopes },
    owner.token,
  );
}

/** An integration `owner` registered: unreviewed, so no one can authorize it yet. */
export async function registerIntegration(http: HttpClient, owner: Person, scopes: string, redirectUris = [REDIRECT_URI]): Promise<Integration> {
  const response = await sendRegistration(http, owner, scopes, redirectUris);
  if (!response.body.data) throw new Error(JSON.stringify(response.body.errors));
  const { clientId, clientSecret } = response.body.data.registerIntegration;
  return { clientId, clientSecret };
}

/** The `reviewIntegration` mutation as `reviewer` sends it. */
export function reviewIntegration(http: HttpClient, reviewer: Person, client: Integration, decision: "approve" | "reject" = "approve") {
  return http.graphql(
    `mutation($id: ID!, $decision: IntegrationReviewDecision!) { reviewIntegration(clientId: $id, decision: $decision) { clientId status } }`,
    { id: client.clientId, decision },
    reviewer.token,
  );
}

/** An integration ready for use: registered by the cast's STAFF member, approved by its ADMIN. */
export async function approvedIntegration(http: HttpClient, people: People, scopes: string, redirectUris = [REDIRECT_URI]): Promise<Integration> {
  const client = await registerIntegration(http, people.staff, scopes, redirectUris);
  const review = await reviewIntegration(http, people.admin, client);
  if (review.body.data?.reviewIntegration?.status !== "approved") throw new Error(JSON.stringify(review.body.errors));
  return client;
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizeQuery(client: Integration, scope: string, challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    scope,
    state: "xyz-state",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
}

/** The user signs in on the consent page and approves; returns the redirect the browser would follow. */
export async function approve(http: HttpClient, user: Person, query: URLSearchParams, decision = "approve") {
  const form = new URLSearchParams({ ...Object.fromEntries(query), email: user.email, password: PASSWORD, decision });
  const response = await fetch(`${http.baseUrl}/oauth/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

export function basic(client: Integration): string {
  return `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;
}

/** POST a form to one of the OAuth endpoints, as an integration's backend would. */
export async function oauthPost(http: HttpClient, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return http.request("POST", path, {
    body: new URLSearchParams(form).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** The whole flow: consent, code, tokens. */
export async function obtainTokens(http: HttpClient, client: Integration, user: Person, scope: string) {
  const { verifier, challenge } = pkce();
  const redirect = await approve(http, user, authorizeQuery(client, scope, challenge));
  const code = new URL(redirect.location!).searchParams.get("code")!;
  const response = await oauthPost(http, "/v1/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier }, { authorization: basic(client) });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${response.text}`);
  return response.body as { access_token: string; refresh_token: string; id_token?: string; scope: string; expires_in: number };
}
