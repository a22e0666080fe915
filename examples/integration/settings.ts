import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the example integration and `npm run token` need to know, from the environment. The defaults are
 * what `npm run seed` registers its demo client with, so seed plus either command works with no setting.
 */
export interface ClientSettings {
  /** Where the design platform is: its OAuth pages, `/v1/…` REST paths and `/graphql`. */
  platformUrl: string;
  clientId: string;
  clientSecret: string;
}

export const DEFAULT_PLATFORM_URL = "http://localhost:4000";
/** The example integration's own port: its redirect URI is `http://localhost:<port>/callback`. */
export const DEFAULT_INTEGRATION_PORT = 3000;
/** The loopback port `npm run token` catches the authorization code on: `http://127.0.0.1:<port>/callback`. */
export const DEFAULT_TOKEN_CALLBACK_PORT = 8976;

/** What the example integration asks for: enough to read the user, list designs, upload, create and export. */
export const INTEGRATION_SCOPES = "openid profile:read asset:read asset:write design:meta:read design:content:read design:content:write";

type Env = Record<string, string | undefined>;

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number (1 to 65535), not ${JSON.stringify(raw)}`);
  return value;
}

export const integrationPort = (env: Env = process.env): number => port(env, "INTEGRATION_PORT", DEFAULT_INTEGRATION_PORT);
export const integrationRedirectUri = (env: Env = process.env): string => `http://localhost:${integrationPort(env)}/callback`;
export const tokenCallbackPort = (env: Env = process.env): number => port(env, "TOKEN_CALLBACK_PORT", DEFAULT_TOKEN_CALLBACK_PORT);
export const tokenRedirectUri = (env: Env = process.env): string => `http://127.0.0.1:${tokenCallbackPort(env)}/callback`;

/** The redirect URIs the seed's demo client is registered with: the example integration's and the token command's. */
export const demoRedirectUris = (env: Env = process.env): string[] => [integrationRedirectUri(env), tokenRedirectUri(env)];

/** Where `npm run seed` keeps the demo client it registered (its secret is shown once by the platform). */
export const seedLedger = (env: Env = process.env): string => path.resolve(env.DATA_DIR || ".data", "demo-seed.json");

/**
 * The client: `INTEGRATION_CLIENT_ID` and `INTEGRATION_CLIENT_SECRET`, else the demo client `npm run seed` wrote
 * to `DATA_DIR/demo-seed.json`. No client is an error that says how to get one.
 */
export function clientSettings(env: Env = process.env): ClientSettings {
  const platformUrl = (env.PLATFORM_URL || DEFAULT_PLATFORM_URL).replace(/\/+$/, "");
  const { INTEGRATION_CLIENT_ID: id, INTEGRATION_CLIENT_SECRET: secret } = env;
  if (id || secret) {
    if (!id || !secret) throw new Error("INTEGRATION_CLIENT_ID and INTEGRATION_CLIENT_SECRET go together: set both, or neither to use the seed's demo client");
    return { platformUrl, clientId: id, clientSecret: secret };
  }
  const ledger = seedLedger(env);
  let seeded: { integration?: { clientId?: string; clientSecret?: string } };
  try {
    seeded = JSON.parse(readFileSync(ledger, "utf8"));
  } catch {
    seeded = {};
  }
  const { clientId, clientSecret } = seeded.integration ?? {};
  if (!clientId || !clientSecret) {
    throw new Error(`no OAuth client: run \`npm run seed\` first (it registers the demo client and keeps it in ${ledger}), or set INTEGRATION_CLIENT_ID and INTEGRATION_CLIENT_SECRET`);
  }
  return { platformUrl, clientId, clientSecret };
}
