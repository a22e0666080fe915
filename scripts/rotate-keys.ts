import { readCommandLine } from "../lib/process/command-line.js";
import { operatorSession } from "./platform-client.js";

/**
 * `npm run keys:rotate`: new signing keys for access/id tokens (RS256) and webhooks (Ed25519). New
 * tokens use the new keys at once; retired keys stay published until every token they signed has
 * expired. Works against the running platform (or starts one for the command).
 */
readCommandLine(`Usage: npm run keys:rotate

New signing keys for access and ID tokens (RS256) and webhooks (Ed25519), printed as one JSON line each.
New tokens use them at once; retired keys stay published until every token they signed has expired.
Works against the running platform (or starts one for the command). Settings come from the environment (docs/configuration.md).`);

const session = await operatorSession();
try {
  const { rotateSigningKeys } = await session.graphql(`mutation { rotateSigningKeys { kid kty alg } }`);
  for (const key of rotateSigningKeys) console.log(JSON.stringify(key));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await session.close();
}
