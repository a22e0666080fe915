import { BusinessTokenService } from "./auth/business-token.js";
import { resolveJwtSecret } from "./auth/jwt-secret.js";
import { loadConfig, type Config } from "./config.js";
import type { Database } from "./db/database.js";
import { createLogger, type Logger } from "./logger.js";
import { pingRedis, watchedRedis } from "./redis.js";
import { databaseCheck, type ReadinessCheck } from "./readiness.js";
import { createLimiterFactory, type LimiterFactory } from "./rate-limit.js";
import { deriveKey } from "./crypto/sealed.js";
import { InternalCalls } from "./auth/internal-calls.js";
import { CurrentRoles } from "./auth/current-roles.js";
import { inMemoryBus, redisBus, type Bus } from "./pubsub.js";
import { openBlobStore } from "./storage/open-blob-store.js";
import { createFileService, type FileService } from "./storage/file-service.js";
import { SignedUrls } from "./storage/signed-urls.js";
import { reportJobQueue } from "./metrics/gauges.js";

/** What every process needs: configuration, a logger, the token service and (for subgraphs) the database. */
export interface Runtime {
  config: Config;
  log: Logger;
  tokens: BusinessTokenService;
  /** Encrypts private signing keys at rest; derived from the JWT secret. */
  sealingKey: Buffer;
  /** Job transitions and other events: in this process, or Redis when REDIS_URL is set. */
  bus: Bus;
  /** Signs and checks the expiring URLs blobs are downloaded and uploaded by. */
  signedUrls: SignedUrls;
  /** Signs and checks what only the gateway may tell a subgraph. */
  internalCalls: InternalCalls;
  /** A 256-bit key for one purpose (sealed secrets, continuation tokens, …), derived from the deployment's secret: the same in every process. */
  keyFor(purpose: string): Buffer;
  /** What `/readyz` checks in this process: Redis when configured, plus (data runtimes) the database. */
  readiness: ReadinessCheck[];
}

export interface DataRuntime extends Runtime {
  db: Database;
  limiters: LimiterFactory;
  /** Every domain's files (uploads, thumbnails, exports: under `DATA_DIR/blobs` or in the S3 bucket) and their download URLs. */
  files: FileService;
  /** Business users' roles as stored now (tokens' roles may be stale), shared by every domain of the process. */
  roles: CurrentRoles;
  close(): Promise<void>;
}

/** The event bus: Redis when REDIS_URL is set (every process sees every event), else in this process. */
export function createBus(config: Config, log?: Logger): Bus {
  return config.redisUrl ? redisBus(config.redisUrl, `${config.keyPrefix}:bus`, { log, connectTimeoutMs: config.redisConnectTimeoutMs }) : inMemoryBus();
}

export async function createRuntime(config: Config = loadConfig(), name?: string): Promise<Runtime> {
  const log = createLogger(config.logLevel, name, config.logFormat);
  const secret = await resolveJwtSecret(config, log);
  const bus = createBus(config, log);
  return {
    config,
    log,
    tokens: new BusinessTokenService({ secret, ...config.businessTokens }),
    sealingKey: deriveKey(secret, "signing-keys"),
    bus,
    signedUrls: new SignedUrls(deriveKey(secret, "signed-urls"), config.publicUrl),
    internalCalls: InternalCalls.forSecret(secret),
    keyFor: (purpose) => deriveKey(secret, purpose),
    readiness: config.redisUrl ? [{ name: "redis", check: () => bus.ping() }] : [],
  };
}

/** Opens the database (embedded PGlite or DATABASE_URL) after applying pending migrations. */
export async function createDataRuntime(config: Config = loadConfig(), name?: string): Promise<DataRuntime> {
  const runtime = await createRuntime(config, name);
  // Loaded here, not with this file: the gateway and the REST adapter, which have no database, never load Prisma or the embedded engine.
  const { openDatabase } = await import("./db/database.js");
  const db = await openDatabase(config);
  const redis = config.redisUrl
    ? watchedRedis(config.redisUrl, {
        name: "rate-limits",
        consequence: "rate limits are counted in each process's memory until it is back",
        log: runtime.log,
        connectTimeoutMs: config.redisConnectTimeoutMs,
        maxRetriesPerRequest: 2,
      }).client
    : undefined;
  runtime.log.info({ database: db.kind, rateLimits: redis ? "redis" : "memory" }, "database ready");
  const roles = new CurrentRoles(db.prisma, runtime.bus, config.roleCacheMs);
  await roles.listen();
  const stopReportingJobs = reportJobQueue(db.prisma);
  const store = await openBlobStore(config.blobStore, config.dataDir);
  runtime.log.info({ blobStore: store.blobs.kind }, "blob store ready");
  return {
    ...runtime,
    readiness: [
      databaseCheck(db),
      { name: "blob-store", check: () => store.blobs.ping() },
      ...runtime.readiness,
      ...(redis ? [{ name: "rate-limits", check: () => pingRedis(redis, config.redisConnectTimeoutMs) }] : []),
    ],
    db,
    limiters: createLimiterFactory({ redis, keyPrefix: config.keyPrefix }),
    files: createFileService(store.blobs, runtime.signedUrls, store.presign),
    roles,
    async close() {
      stopReportingJobs();
      store.close();
      await roles.close();
      await runtime.bus.close();
      await db.close();
      redis?.disconnect();
    },
  };
}
