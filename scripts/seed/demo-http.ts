import { createHash, randomBytes } from "node:crypto";

export interface Answer {
  status: number;
  body: any;
}

/** What the demo data is written through: the platform's own REST paths and graph, as any client uses them. */
export class DemoHttp {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async send(method: string, path: string, options: { token?: string; json?: unknown; bytes?: Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.bytes) {
      headers["content-type"] ??= "application/octet-stream";
      body = new Uint8Array(options.bytes);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const json = response.headers.get("content-type")?.includes("json") ?? false;
    return { status: response.status, body: json ? await response.json() : await response.text() };
  }

  /** The same, refusing anything but the statuses `expected` (so a failed step says what the platform answered). */
  async expect(expected: number[], method: string, path: string, options: Parameters<DemoHttp["send"]>[2] = {}): Promise<any> {
    const answer = await this.send(method, path, options);
    if (!expected.includes(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async graphql(query: string, variables: Record<string, unknown>, token: string): Promise<any> {
    const body = await this.expect([200], "POST", "/graphql", { token, json: { query, variables } });
    if (body.errors?.length) throw new Error(body.errors.map((error: { message: string }) => error.message).join("; "));
    return body.data;
  }

  /**
   * A design-platform access token of a user for an integration, as a real integration gets one: the
   * user signs in on the consent page and approves (authorization code with PKCE), then the code is exchanged.
   */
  async designToken(client: { clientId: string; clientSecret: string; redirectUri: string }, user: { email: string; password: string }, scope: string): Promise<string> {
    const verifier = randomBytes(32).toString("base64url");
    const form = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope,
      state: "seed",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      email: user.email,
      password: user.password,
      decision: "approve",
    });
    const consent = await fetch(`${this.baseUrl}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    const code = new URL(consent.headers.get("location") ?? "http://invalid/").searchParams.get("code");
    if (!code) throw new Error(`the consent page did not grant a code (${consent.status}): ${await consent.text()}`);
    const exchange = await fetch(`${this.baseUrl}/v1/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier }),
    });
    const tokens = (await exchange.json()) as { access_token?: string };
    if (!tokens.access_token) throw new Error(`token exchange failed (${exchange.status}): ${JSON.stringify(tokens)}`);
    return tokens.access_token;
  }
}
