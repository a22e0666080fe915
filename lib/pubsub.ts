import { EventEmitter } from "node:events";
import { pingRedis, watchedRedis, type OutageLog } from "./redis.js";

export type Unsubscribe = () => Promise<void>;

/** The event bus: in this process (embedded) or Redis pub/sub (every replica sees every event). */
export interface Bus {
  publish(channel: string, message: object): Promise<void>;
  subscribe(channel: string, handler: (message: any) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
  /**
   * Called when the bus is back after an outage: events published meanwhile are lost, so whoever
   * follows state (subscriptions, workers) re-reads it.
   */
  onReconnect(listener: () => void): void;
  /** Resolves when the bus can carry events now (readiness); in-process always can. */
  ping(): Promise<void>;
}

export function inMemoryBus(): Bus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Delivered on a later tick, as over Redis: a publisher never runs subscribers' code inline.
      setImmediate(() => emitter.emit(channel, JSON.parse(JSON.stringify(message))));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => void emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
    onReconnect: () => undefined,
    ping: async () => undefined,
  };
}

export interface RedisBusOptions {
  log?: OutageLog;
  connectTimeoutMs?: number;
}

/**
 * Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else).
 * Both reconnect by themselves; while Redis is away, events are dropped with a warning (never an
 * error for the request that published them) and listeners re-read state when it is back.
 */
export function redisBus(url: string, prefix = "platform", options: RedisBusOptions = {}): Bus {
  const consequence = "events are not delivered across processes until it is back";
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const publishing = watchedRedis(url, { name: "bus", consequence, log: options.log, connectTimeoutMs, maxRetriesPerRequest: 2, commandTimeout: connectTimeoutMs });
  // Subscribing waits for Redis however long it takes (it happens at start); ioredis re-subscribes after a reconnect.
  const listening = watchedRedis(url, { name: "bus-listener", consequence, log: options.log, connectTimeoutMs, maxRetriesPerRequest: null });
  const publisher = publishing.client;
  const subscriber = listening.client;
  const local = inMemoryBus();
  const counts = new Map<string, number>();
  const reconnectListeners: (() => void)[] = [];
  /** Events dropped in the current outage: the first one is logged, the count when Redis is back. */
  let dropped = 0;
  const drop = (channel: string, reason: string) => {
    if (dropped++ === 0) options.log?.warn({ channel, reason }, "Redis unavailable: events are dropped until it is back");
  };
  publishing.onReconnect(() => {
    if (dropped > 0) options.log?.info({ dropped }, "Redis is back: events dropped meanwhile are made up by re-reading state");
    dropped = 0;
  });
  listening.onReconnect(() => {
    // ioredis re-subscribes as it becomes ready; subscribing again (a no-op for Redis) resolves once the
    // channels are live, so whoever re-reads state then cannot miss an event published right after.
    const channels = [...counts].filter(([, count]) => count > 0).map(([channel]) => `${prefix}:${channel}`);
    void (channels.length ? subscriber.subscribe(...channels) : Promise.resolve())
      .catch(() => undefined)
      .then(() => reconnectListeners.forEach((listener) => listener()));
  });
  subscriber.on("message", (channel: string, raw: string) => {
    try {
      void local.publish(channel.slice(prefix.length + 1), JSON.parse(raw));
    } catch {
      /* not ours: ignored */
    }
  });
  return {
    async publish(channel, message) {
      // After the first connection, an outage drops events at once rather than holding the publisher up.
      if (publishing.everReady && publisher.status !== "ready") return drop(channel, `connection ${publisher.status}`);
      try {
        await publisher.publish(`${prefix}:${channel}`, JSON.stringify(message));
      } catch (error) {
        drop(channel, (error as Error).message);
      }
    },
    async subscribe(channel, handler) {
      const unsubscribeLocal = await local.subscribe(channel, handler);
      counts.set(channel, (counts.get(channel) ?? 0) + 1);
      if (counts.get(channel) === 1) await subscriber.subscribe(`${prefix}:${channel}`);
      return async () => {
        await unsubscribeLocal();
        counts.set(channel, counts.get(channel)! - 1);
        if (counts.get(channel) !== 0) return;
        // While Redis is away the unsubscription would wait for it: it is sent when it can be (a stopping process does not wait).
        const sent = subscriber.unsubscribe(`${prefix}:${channel}`).catch(() => undefined);
        if (subscriber.status === "ready") await sent;
      };
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
    onReconnect: (listener) => void reconnectListeners.push(listener),
    ping: () => pingRedis(publisher, connectTimeoutMs),
  };
}
