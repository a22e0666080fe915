import { loadConfig } from "../lib/config.js";
import { createDataRuntime } from "../lib/runtime.js";
import { rotateKey } from "../subgraphs/identity/domain/signing-keys.js";

/**
 * `npm run keys:rotate`: a new signing key for access/id tokens (RS256) and for webhooks (Ed25519).
 * Retired keys stay published until every token they signed has expired. With embedded PGlite the
 * database belongs to the running server, so stop it first (or run on PostgreSQL).
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
if (!config.databaseUrl) {
  const running = await fetch(`http://127.0.0.1:${config.port}/healthz`).then((r) => r.ok, () => false);
  if (running) {
    console.error(`The platform is running on port ${config.port} with embedded PGlite in ${config.dataDir}: stop it first.`);
    process.exit(1);
  }
}
const runtime = await createDataRuntime(config, "keys");
try {
  const store = { db: runtime.db.prisma, sealingKey: runtime.sealingKey, issuer: runtime.config.publicUrl };
  for (const purpose of ["oidc", "webhook"] as const) {
    const key = await rotateKey(store, purpose);
    console.log(JSON.stringify({ purpose, kid: key.kid, alg: key.alg }));
  }
} finally {
  await runtime.close();
}
