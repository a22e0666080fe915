// @tier contract
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { png } from "../../testing/assets.js";
import { published, standardFields } from "../../testing/brand-templates.js";
import { designPlatformClient } from "../../testing/design-client.js";
import { designWithContent } from "../../testing/exports.js";
import { pdf } from "../../testing/imports.js";
import { approve, approvedIntegration, authorizeQuery, pkce, type Integration } from "../../testing/oauth.js";
import { startWithPeople, type People } from "../../testing/people.js";
import { setPlan } from "../../testing/designs.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../testing/platform.js";

/**
 * The design platform's own generated client, built from its current specification as its public starter
 * kit builds it, pointed at this platform by base URL only: every operation of the specification except
 * the print-partner ones is called, and every answer passes the client's own validation.
 */
const SPEC = parse(readFileSync(new URL("../openapi/contract/design-platform.yml", import.meta.url), "utf8"));
const OUT_OF_SCOPE = /^\/v1\/print-partner\//;
const OPERATIONS: string[] = Object.entries<Record<string, { operationId?: string }>>(SPEC.paths)
  .filter(([path]) => !OUT_OF_SCOPE.test(path))
  .flatMap(([, operations]) => Object.values(operations).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])));

const SCOPES = [
  "design:meta:read design:content:read design:content:write asset:read asset:write",
  "brandtemplate:meta:read brandtemplate:content:read brandtemplate:content:write",
  "comment:read comment:write folder:read folder:write openid profile email profile:read",
].join(" ");

let t: TestPlatform;
let p: People;
let integration: Integration;
let accessToken: string;
let sdk: Record<string, Record<string, (options?: unknown) => Promise<{ data: any }>>>;
let files: http.Server;
let origin: string;
const called = new Set<string>();

/** One call through the generated SDK (`Service.operation`); it throws on an error status or an answer that fails validation. */
async function call(service: string, operation: string, options: Record<string, unknown> = {}): Promise<any> {
  const method = sdk[`${service}Service`]?.[operation];
  assert.ok(method, `the generated client has ${service}Service.${operation}`);
  const { data } = await method.call(sdk[`${service}Service`], options).catch((error: unknown) => {
    throw new Error(`${operation}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  });
  called.add(operation);
  return data;
}

/** Polls a job through its get operation until it is no longer in progress, as an integration does. */
async function finished(service: string, operation: string, jobId: string): Promise<any> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const { job } = await call(service, operation, { path: { jobId } });
    if (job.status !== "in_progress") return job;
  }
  throw new Error(`${operation} ${jobId}: still in progress after 30 s`);
}

async function startFileServer(): Promise<void> {
  const documents: Record<string, [string, Buffer]> = {
    "/picture.png": ["image/png", await png(40, 30)],
    "/report.pdf": ["application/pdf", await pdf([[595, 842]])],
  };
  files = http.createServer((request, response) => {
    const document = documents[request.url ?? ""];
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": document[0] }).end(document[1]);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}

/** The authorization-code grant through the generated client: consent on the platform, then `exchangeAccessToken`. */
async function tokensThroughClient(): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = pkce();
  const redirect = await approve(t.http, p.client, authorizeQuery(integration, SCOPES, challenge));
  const code = new URL(redirect.location!).searchParams.get("code")!;
  return call("Oauth", "exchangeAccessToken", { body: { grant_type: "authorization_code", code, code_verifier: verifier, client_id: integration.clientId, client_secret: integration.clientSecret } });
}

before(async () => {
  await startFileServer();
  ({ t, p } = await startWithPeople({ URL_FETCH_ALLOW_PRIVATE: "true" }, [...DESIGN_DOMAINS, "imports", "exports", "resizes", "comments", "brand-templates"]));
  integration = await approvedIntegration(t.http, p, SCOPES);
  const client = await designPlatformClient(`${t.http.baseUrl}/rest`, (security) => (security.scheme === "basic" ? `${integration.clientId}:${integration.clientSecret}` : accessToken));
  sdk = client.sdk;
});
after(async () => {
  files.closeAllConnections();
  files.close();
  await t?.stop();
});

test("OAuth and OpenID Connect, users, keys", async () => {
  const tokens = await tokensThroughClient();
  accessToken = tokens.access_token;
  await setPlan(t, p.client.userId, "enterprise");
  assert.equal((await call("Oauth", "introspectToken", { body: { token: accessToken } })).active, true);
  await call("Oidc", "getOidcJwks");
  await call("Oidc", "userInfo");
  await call("Connect", "getSigningPublicKeys");
  await call("App", "getAppJwks", { path: { appId: integration.clientId } });
  assert.equal((await call("User", "usersMe")).team_user.user_id, String(p.client.userId));
  await call("User", "getUserProfile");
  assert.ok((await call("User", "getUserCapabilities")).capabilities.includes("autofill"));
  const spare = await tokensThroughClient();
  await call("Oauth", "revokeTokens", { body: { token: spare.refresh_token } });
});
