import { Redis, type RedisOptions } from "ioredis";

/** What the Redis helpers say about an outage (a pino logger fits). */
export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const silent: OutageLog = { warn: () => undefined, info: () => undefined };

export interface WatchedRedis {
  client: Redis;
  /** True once the connection has been ready at least once (a later drop is an outage, not a slow start). */
  readonly everReady: boolean;
  /** Called every time the connection is ready again after an outage. */
  onReconnect(listener: () => void): void;
}

/**
 * A Redis connection that keeps reconnecting by itself (ioredis), says once per outage what it means
 * (`consequence`) instead of an error per retry, and tells listeners when it is back.
 */
export function watchedRedis(url: string, options: { name: string; consequence: string; log?: OutageLog; connectTimeoutMs?: number } & RedisOptions): WatchedRedis {
  const { name, consequence, log = silent, connectTimeoutMs = 2_000, ...redisOptions } = options;
  const client = new Redis(url, { connectTimeout: connectTimeoutMs, ...redisOptions });
  const listeners: (() => void)[] = [];
  let everReady = false;
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ redis: name, err: { message: error.message } }, `Redis unavailable: ${consequence}`);
  });
  client.on("close", () => {
    if (!everReady || down) return;
    down = true;
    log.warn({ redis: name }, `Redis connection lost: ${consequence}`);
  });
  client.on("ready", () => {
    const wasDown = down;
    down = false;
    if (!everReady) return void (everReady = true);
    if (wasDown) log.info({ redis: name }, "Redis is back");
    for (const listener of listeners) listener();
  });
  return {
    client,
    get everReady() {
      return everReady;
    },
    onReconnect: (listener) => void listeners.push(listener),
  };
}

/** PING within `timeoutMs`, else throws: for readiness checks. */
export async function pingRedis(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status !== "ready") throw new Error(`Redis connection ${client.status}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([client.ping(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("Redis did not answer PING")), timeoutMs)))]);
  } finally {
    clearTimeout(timer);
  }
}
