import { parseArgs } from "node:util";
import { operatorSession } from "./platform-client.js";

/**
 * `npm run oauth:client -- --name <n> --redirect-uri <uri> [--redirect-uri <uri2>] [--scopes "<s …>"]
 * [--owner-email <email>]`: registers an integration and prints `{"client_id", "client_secret"}`.
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

const session = await operatorSession();
try {
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
  console.log(JSON.stringify({ client_id: registerIntegration.clientId, client_secret: registerIntegration.clientSecret }));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await session.close();
}
