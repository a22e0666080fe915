import { BusinessTokenService } from "./auth/business-token.js";
import { resolveJwtSecret } from "./auth/jwt-secret.js";
import { loadConfig, type Config } from "./config.js";
import { openDatabase, type Database } from "./db/database.js";
import { createLogger, type Logger } from "./logger.js";
import { Redis } from "ioredis";
import { createLimiterFactory, type LimiterFactory } from "./rate-limit.js";
import { deriveKey } from "./crypto/sealed.js";

/** What every process needs: configuration, a logger, the token service and (for subgraphs) the database. */
export interface Runtime {
  config: Config;
  log: Logger;
  tokens: BusinessTokenService;
  /** Encrypts private signing keys at rest; derived from the JWT secret. */
  sealingKey: Buffer;
}

export interface DataRuntime extends Runtime {
  db: Database;
  limiters: LimiterFactory;
  close(): Promise<void>;
}

export async function createRuntime(config: Config = loadConfig(), name?: string): Promise<Runtime> {
  const log = createLogger(config.logLevel, name);
  const secret = await resolveJwtSecret(config, log);
  return { config, log, tokens: new BusinessTokenService(secret), sealingKey: deriveKey(secret, "signing-keys") };
}

/** Opens the database (embedded PGlite or DATABASE_URL) after applying pending migrations. */
export async function createDataRuntime(config: Config = loadConfig(), name?: string): Promise<DataRuntime> {
  const runtime = await createRuntime(config, name);
  const db = await openDatabase(config);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  runtime.log.info({ database: db.kind, rateLimits: redis ? "redis" : "memory" }, "database ready");
  return {
    ...runtime,
    db,
    limiters: createLimiterFactory({ redis, keyPrefix: config.rateLimits.keyPrefix }),
    async close() {
      await db.close();
      redis?.disconnect();
    },
  };
}
