import { parseArgs } from "node:util";
import { BusinessTokenService } from "../lib/auth/business-token.js";
import { resolveJwtSecret } from "../lib/auth/jwt-secret.js";
import { loadConfig } from "../lib/config.js";
import { createLogger } from "../lib/logger.js";
import { startEmbedded } from "../gateway/embedded.js";

/**
 * `npm run oauth:client -- --name <n> --redirect-uri <uri> [--redirect-uri <uri2>] [--scopes "<s …>"]
 * [--owner-email <email>]`: registers an integration and prints `{"client_id", "client_secret"}`.
 * It talks to the running platform over GraphQL (so it works while `npm start` holds the embedded
 * database), authorised by a one-minute operator token signed with the deployment's secret; with no
 * platform running it starts one in this process for the call.
 */
const { values } = parseArgs({
  options: {
    name: { type: "string" },
    "redirect-uri": { type: "string", multiple: true },
    scopes: { type: "string", default: "openid profile email profile:read" },
    "owner-email": { type: "string" },
  },
});
if (!values.name || !values["redirect-uri"]?.length) {
  console.error('usage: npm run oauth:client -- --name <n> --redirect-uri <uri> [--scopes "<s …>"] [--owner-email <email>]');
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const log = createLogger(config.logLevel, "oauth-client");
const tokens = new BusinessTokenService(await resolveJwtSecret(config, log));
const running = await fetch(`http://127.0.0.1:${config.port}/healthz`).then((r) => r.ok, () => false);
const platform = running ? undefined : await startEmbedded(loadConfig({ ...process.env, LOG_LEVEL: "warn", PORT: "0", AUTH_PORT: "0", WORK_PORT: "0", PAYMENT_PORT: "0", HOST: "127.0.0.1" }));
const graphqlUrl = platform ? `${platform.main.url}/graphql` : `http://127.0.0.1:${config.port}/graphql`;

async function graphql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await tokens.issueOperatorToken()}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

try {
  let ownerId: number | null = null;
  if (values["owner-email"]) {
    ownerId = (await graphql(`query($email: String!) { userIdByEmail(email: $email) }`, { email: values["owner-email"] })).userIdByEmail;
    if (ownerId === null) throw new Error(`no user has the email ${values["owner-email"]}`);
  }
  const { registerIntegration } = await graphql(
    `mutation($name: String!, $uris: [String!]!, $scopes: String!, $owner: Int) {
      registerIntegration(name: $name, redirectUris: $uris, scopes: $scopes, ownerId: $owner) { clientId clientSecret } }`,
    { name: values.name, uris: values["redirect-uri"], scopes: values.scopes, owner: ownerId },
  );
  console.log(JSON.stringify({ client_id: registerIntegration.clientId, client_secret: registerIntegration.clientSecret }));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await platform?.close();
}
