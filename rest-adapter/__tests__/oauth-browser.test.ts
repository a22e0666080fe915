// @tier process
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, SCREENSHOTS_DIR } from "../../testing/browser.js";
import { PASSWORD } from "../../testing/accounts.js";
import { approvedIntegration, basic, pkce, type Integration } from "../../testing/oauth.js";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;
let browser: Browser;
const SCOPES = "profile:read asset:read";

/** What an integration's callback received, and what it did with it. */
interface Callback {
  query: Record<string, string>;
  stateMatched: boolean;
  tokenStatus?: number;
  meStatus?: number;
  me?: { team_user: { user_id: string; team_id: string } };
}

/**
 * An integration as a developer would write one, on an origin of its own (`host`, a port of its own):
 * `/start` sends the browser to the platform's authorization page with a state and a PKCE challenge;
 * `/callback` checks the state, exchanges the code at the token endpoint with its secret and the
 * verifier, calls `/v1/users/me` with the token, and shows what happened.
 */
class IntegrationServer {
  readonly callbacks: Callback[] = [];
  client!: Integration;
  private readonly server: Server;
  private readonly pending = new Map<string, string>();
  private readonly platform: string;
  private readonly host: string;
  private origin = "";

  constructor(platform: string, host: string) {
    this.platform = platform;
    this.host = host;
    this.server = createServer((req, res) => {
      void this.answer(new URL(req.url ?? "/", this.origin)).then(
        ({ status, headers, body }) => res.writeHead(status, headers).end(body),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  }

  get redirectUri(): string {
    return `${this.origin}/callback`;
  }

  async listen(): Promise<this> {
    await new Promise<void>((done) => this.server.listen(0, this.host, done));
    const { port } = this.server.address() as { port: number };
    this.origin = `http://${this.host.includes(":") ? `[${this.host}]` : this.host}:${port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }

  private async answer(url: URL): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    if (url.pathname === "/start") {
      const state = randomBytes(12).toString("base64url");
      const { verifier, challenge } = pkce();
      this.pending.set(state, verifier);
      const query = new URLSearchParams({ response_type: "code", client_id: this.client.clientId, redirect_uri: this.redirectUri, scope: SCOPES, state, code_challenge: challenge, code_challenge_method: "S256" });
      return { status: 302, headers: { location: `${this.platform}/oauth/authorize?${query}` }, body: "" };
    }
    if (url.pathname !== "/callback") return { status: url.pathname === "/favicon.ico" ? 204 : 404, headers: {}, body: "" };
    const query = Object.fromEntries(url.searchParams);
    const verifier = this.pending.get(query.state ?? "");
    const callback: Callback = { query, stateMatched: verifier !== undefined };
    this.callbacks.push(callback);
    if (verifier && query.code) {
      const form = new URLSearchParams({ grant_type: "authorization_code", code: query.code, code_verifier: verifier, redirect_uri: this.redirectUri });
      const tokens = await fetch(`${this.platform}/v1/oauth/token`, { method: "POST", headers: { authorization: basic(this.client), "content-type": "application/x-www-form-urlencoded" }, body: form });
      callback.tokenStatus = tokens.status;
      const { access_token } = (await tokens.json()) as { access_token?: string };
      const me = await fetch(`${this.platform}/v1/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
      callback.meStatus = me.status;
      callback.me = (await me.json()) as Callback["me"];
    }
    const said = callback.me ? `Signed in as ${callback.me.team_user.user_id}` : `Not signed in: ${query.error ?? "no code"}`;
    return { status: 200, headers: { "content-type": "text/html" }, body: `<!doctype html><title>Integration</title><p id="result">${said}</p>` };
  }
}

before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "identity"]));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await t?.stop();
});

/** A browser page that collects its console errors (a policy violation is one). */
async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  return { page, errors };
}

/** An integration on `host` (another port, so another origin), registered and approved with its callback there. */
async function integrationOn(host: string): Promise<IntegrationServer> {
  const integration = await new IntegrationServer(t.http.baseUrl, host).listen();
  integration.client = await approvedIntegration(t.http, p, SCOPES, [integration.redirectUri]);
  return integration;
}

/** From the integration's sign-in link to the consent page, where the user signs in and answers. */
async function consent({ page, errors }: { page: Page; errors: string[] }, integration: IntegrationServer, decision: "Allow" | "Deny"): Promise<void> {
  await page.goto(`${integration.redirectUri.replace(/\/callback$/, "")}/start`);
  await page.getByRole("heading", { name: "Test integration wants to access your account" }).waitFor();
  if (decision === "Allow") {
    await page.fill("#email", p.client.email);
    await page.fill("#password", PASSWORD);
  }
  await page.getByRole("button", { name: decision }).click();
  await page.waitForURL((url) => url.href.startsWith(integration.redirectUri), { timeout: 10_000 }).catch(async (error) => {
    await page.screenshot({ path: `${SCREENSHOTS_DIR}oauth-${decision.toLowerCase()}-stuck.png` });
    throw new Error(`the browser stayed on ${page.url()}: ${errors.join("; ")}`, { cause: error });
  });
}

/** Allow, as the user does it: the integration's page says who signed in; its callback got a code and its state, exchanged the code with the verifier and read /v1/users/me. */
async function allowAndCheck(integration: IntegrationServer): Promise<void> {
  const opened = await newPage();
  await consent(opened, integration, "Allow");
  assert.equal(await opened.page.textContent("#result"), `Signed in as U${p.client.userId}`);
  const [callback] = integration.callbacks.splice(0);
  assert.ok(callback.query.code, "a code arrived");
  assert.equal(callback.stateMatched, true, "the state came back as sent");
  assert.deepEqual([callback.tokenStatus, callback.meStatus], [200, 200]);
  assert.equal(callback.me?.team_user.user_id, `U${p.client.userId}`);
  assert.deepEqual(opened.errors, []);
  await opened.page.close();
}

describe("OAuth from an integration on another origin, in Chromium", () => {
  /** On another port of 127.0.0.1; on the IPv6 loopback address, an origin a policy cannot name. */
  const integrations = new Map<"v4" | "v6", IntegrationServer>();
  before(async () => {
    const [v4, v6] = await Promise.all([integrationOn("127.0.0.1"), integrationOn("::1")]);
    integrations.set("v4", v4).set("v6", v6);
  });
  after(() => Promise.all([...integrations.values()].map((integration) => integration.close())));

  test("Allow: the code and the state reach the integration's callback, the code is exchanged with PKCE, and the token reads /v1/users/me", () => allowAndCheck(integrations.get("v4")!));

  test("Deny: error=access_denied and the state reach the integration's callback", async () => {
    const opened = await newPage();
    const integration = integrations.get("v4")!;
    await consent(opened, integration, "Deny");
    assert.equal(await opened.page.textContent("#result"), "Not signed in: access_denied");
    const [callback] = integration.callbacks.splice(0);
    assert.equal(callback.query.error, "access_denied");
    assert.equal(callback.stateMatched, true, "the state came back as sent");
    assert.equal(callback.query.code, undefined);
    assert.deepEqual(opened.errors, []);
    await opened.page.close();
  });

  test("Allow for an integration on http://[::1]:…, which no policy can name: a page of the platform's own leads the browser there", () => allowAndCheck(integrations.get("v6")!));
});

describe("the consent page's policy", () => {
  test("its form may lead to this origin and the validated redirect URI's origin only; other pages of the endpoint allow no form", async () => {
    const integration = await integrationOn("127.0.0.1");
    try {
      const query = new URLSearchParams({ response_type: "code", client_id: integration.client.clientId, redirect_uri: integration.redirectUri, scope: SCOPES, state: "s", code_challenge: pkce().challenge, code_challenge_method: "S256" });
      const page = await t.http.get(`/oauth/authorize?${query}`);
      assert.equal(page.status, 200);
      const origin = new URL(integration.redirectUri).origin;
      assert.equal(page.headers.get("content-security-policy"), `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; frame-ancestors 'none'`);
      query.set("redirect_uri", "http://127.0.0.1:1/elsewhere");
      const refused = await t.http.get(`/oauth/authorize?${query}`);
      assert.equal(refused.status, 400);
      assert.equal(refused.headers.get("content-security-policy"), "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'");
    } finally {
      await integration.close();
    }
  });
});
