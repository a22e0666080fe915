import { mkdir } from "node:fs/promises";
import { BusinessTokenService } from "../lib/auth/business-token.js";
import { resolveJwtSecret } from "../lib/auth/jwt-secret.js";
import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { anyDirectPorts } from "../rest-adapter/services.js";

export interface OperatorSession {
  /** The platform's origin (`/graphql`, the REST paths): PUBLIC_URL, as this tool reaches it. */
  baseUrl: string;
  /** Where the platform keeps its files (`DATA_DIR`): the generated secret, and what the tools remember. */
  dataDir: string;
  /** No platform was running: one was started in this process for the command (and stops with it). */
  startedForCommand: boolean;
  graphql(query: string, variables?: Record<string, unknown>): Promise<Record<string, any>>;
  close(): Promise<void>;
}

/**
 * For the operator's command-line tools: GraphQL against the running platform (so they work while
 * `npm start` holds the embedded database), authorised by one-minute operator tokens signed with the
 * deployment's secret. With no platform running, one is started in this process for the command.
 */
export async function operatorSession(): Promise<OperatorSession> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  // What the tools remember goes there, even when the platform keeps no data in it (PostgreSQL, S3).
  await mkdir(config.dataDir, { recursive: true });
  const secret = await resolveJwtSecret(config, createLogger(config.logLevel, "operator", config.logFormat));
  // The deployment's one origin (PUBLIC_URL, by default this machine's PORT), whatever its layout.
  const running = await fetch(`${config.publicUrl}/healthz`).then((r) => r.ok, () => false);
  if (!running && config.settings.raw("PUBLIC_URL") !== undefined) {
    console.error(`no platform answers at PUBLIC_URL (${config.publicUrl}/healthz): start it, or unset PUBLIC_URL to use one started for this command`);
    process.exit(1);
  }
  const platform = running
    ? undefined
    : await startPlatformHere();
  // Tokens the platform it talks to accepts: the same secret, issuer and audience as its own.
  const tokens = platform?.runtime.tokens ?? new BusinessTokenService({ secret, ...config.businessTokens });
  const baseUrl = platform ? platform.main.url : config.publicUrl;
  const url = `${baseUrl}/graphql`;
  return {
    baseUrl,
    dataDir: config.dataDir,
    startedForCommand: platform !== undefined,
    async graphql(query, variables = {}) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${await tokens.issueOperatorToken()}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
      if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
      return body.data!;
    },
    close: async () => platform?.close(),
  };
}

/** The platform in this process, when none is running: loaded only then (a tool talking to a running platform loads none of it). */
async function startPlatformHere() {
  const [{ startEmbedded }, { DOMAINS }] = await Promise.all([import("../platform/embedded.js"), import("../subgraphs/registry.js")]);
  return startEmbedded(loadConfig({ ...process.env, LOG_LEVEL: "warn", PORT: "0", ...anyDirectPorts(), HOST: "127.0.0.1" }), DOMAINS);
}
