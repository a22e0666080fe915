import { readCommandLine } from "../lib/process/command-line.js";
import { operatorSession, type OperatorSession } from "./platform-client.js";

const USAGE = `Usage: npm run oauth:client -- --name <n> --redirect-uri <uri> [--redirect-uri <uri2>] [--scopes "<s …>"] [--owner-email <email>] [--webhook-url <url>]
       npm run oauth:client -- --awaiting-review
       npm run oauth:client -- --approve <client_id> | --reject <client_id>`;

/**
 * The operator's integrations tool. Registers an approved integration and prints
 * `{"client_id", "client_secret"}` (with `--webhook-url`, its notifications go there, as an integration's
 * are set up in Canva's developer portal: every notification type of the specification, as far as each
 * user's grant allows; it prints `webhook_url` too); lists the integrations users registered that wait for review
 * (one JSON line each); approves or rejects one (prints `{"client_id", "status"}`).
 */
const { values } = readCommandLine(USAGE, {
  options: {
    name: { type: "string" },
    "redirect-uri": { type: "string", multiple: true },
    scopes: { type: "string", default: "openid profile email profile:read" },
    "owner-email": { type: "string" },
    "webhook-url": { type: "string" },
    "awaiting-review": { type: "boolean" },
    approve: { type: "string" },
    reject: { type: "string" },
  },
});

const INTEGRATION = "clientId name redirectUris scopes status ownerId";

async function register(session: OperatorSession): Promise<void> {
  let ownerId: number | null = null;
  if (values["owner-email"]) {
    ownerId = (await session.graphql(`query($email: String!) { userIdByEmail(email: $email) }`, { email: values["owner-email"] })).userIdByEmail;
    if (ownerId === null) throw new Error(`no user has the email ${values["owner-email"]}`);
  }
  const { registerIntegration } = await session.graphql(
    `mutation($name: String!, $uris: [String!]!, $scopes: String!, $owner: Int) {
      registerIntegration(name: $name, redirectUris: $uris, scopes: $scopes, ownerId: $owner) { clientId clientSecret } }`,
    { name: values.name, uris: values["redirect-uri"], scopes: values.scopes, owner: ownerId },
  );
  const credentials = { client_id: registerIntegration.clientId, client_secret: registerIntegration.clientSecret };
  const webhookUrl = values["webhook-url"];
  if (webhookUrl === undefined) {
    console.log(JSON.stringify(credentials));
    return;
  }
  try {
    const { setIntegrationWebhook } = await session.graphql(
      `mutation($id: ID!, $url: String!) { setIntegrationWebhook(clientId: $id, url: $url) { url } }`,
      { id: registerIntegration.clientId, url: webhookUrl },
    );
    console.log(JSON.stringify({ ...credentials, webhook_url: setIntegrationWebhook.url }));
  } catch (error) {
    // The secret is shown only once: printed even though the webhook was refused.
    console.log(JSON.stringify(credentials));
    throw new Error(`registered, but the webhook was refused: ${(error as Error).message}`);
  }
}

async function review(session: OperatorSession, clientId: string, decision: "approve" | "reject"): Promise<void> {
  const { reviewIntegration } = await session.graphql(
    `mutation($id: ID!, $decision: IntegrationReviewDecision!) { reviewIntegration(clientId: $id, decision: $decision) { clientId status } }`,
    { id: clientId, decision },
  );
  console.log(JSON.stringify({ client_id: reviewIntegration.clientId, status: reviewIntegration.status }));
}

async function listAwaitingReview(session: OperatorSession): Promise<void> {
  const { integrationsAwaitingReview } = await session.graphql(`{ integrationsAwaitingReview { ${INTEGRATION} } }`);
  for (const integration of integrationsAwaitingReview) console.log(JSON.stringify(integration));
}

const reviewing = values.approve ?? values.reject;
const actions = [values.name !== undefined, values["awaiting-review"] === true, reviewing !== undefined].filter(Boolean).length;
if (actions !== 1 || (values.approve && values.reject) || (values.name !== undefined && !values["redirect-uri"]?.length)) {
  console.error(USAGE);
  process.exit(2);
}

const session = await operatorSession();
try {
  if (reviewing !== undefined) await review(session, reviewing, values.approve !== undefined ? "approve" : "reject");
  else if (values["awaiting-review"]) await listAwaitingReview(session);
  else await register(session);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await session.close();
}
