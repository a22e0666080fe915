import { readCommandLine } from "../lib/process/command-line.js";
import { loadConfig } from "../lib/config.js";
import { progressBar } from "../lib/process/progress.js";
import { operatorSession } from "./platform-client.js";
import { DemoHttp } from "./seed/demo-http.js";
import { DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.js";
import { SEED_STEPS, type SeedState } from "./seed/steps.js";

/**
 * `npm run seed`: demo data through the running platform (or one started for the command), written
 * the way any client writes it. Everything has a fixed name: a second run finds it all and adds nothing.
 */
readCommandLine(`Usage: npm run seed

Demo data (users of every role, projects, invoices, posts, designs…) written through the running platform
(or one started for the command), the way any client writes it. Everything has a fixed name: a second run
adds nothing. Refused with NODE_ENV=production. Settings come from the environment (docs/configuration.md).`);

if (loadConfig().production) {
  console.error("npm run seed writes demo users with a published password: it does not run with NODE_ENV=production");
  process.exit(2);
}

const operator = await operatorSession();
const state: SeedState = { http: new DemoHttp(operator.baseUrl), operator, users: {} };
const progress = progressBar("seeding", SEED_STEPS.length);
let added = 0;
try {
  for (const step of SEED_STEPS) {
    progress.advance(step.name);
    if (await step.run(state)) added++;
  }
  progress.stop();
  const kept = SEED_STEPS.length - added;
  console.log(`demo data: ${added} pieces added, ${kept} already there${added === 0 ? " (nothing added)" : ""}`);
  if (operator.startedForCommand) console.log("no platform was running: the data was written through one started for this command; `npm start` serves it");
  console.log(`users (password ${DEMO_PASSWORD}):`);
  for (const { role, email } of DEMO_USERS) console.log(`  ${role.padEnd(9)} ${email} (user ${state.users[role]!.userId})`);
  const integration = state.integration!;
  console.log("OAuth client (design platform, approved; users authorize it at /oauth/authorize, tokens at /v1/oauth/token):");
  console.log(JSON.stringify({ client_id: integration.clientId, client_secret: integration.clientSecret, redirect_uri: integration.redirectUri }));
  console.log(`  its example integration: \`npm run example:integration\`, then open ${new URL("/", integration.redirectUri)}; a token: \`npm run -s token\``);
  console.log(`design "${state.designId}" with asset "${state.assetId}" (owned by demo-client@example.com)`);
} catch (error) {
  progress.stop();
  console.error(`seeding stopped: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await operator.close();
}
