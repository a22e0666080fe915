import { EventEmitter } from "node:events";
import { Redis } from "ioredis";

export type Unsubscribe = () => Promise<void>;

/** The event bus: in this process (embedded) or Redis pub/sub (every replica sees every event). */
export interface Bus {
  publish(channel: string, message: object): Promise<void>;
  subscribe(channel: string, handler: (message: any) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
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
  };
}

/** Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else). */
export function redisBus(url: string, prefix = "platform"): Bus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2 });
  const local = inMemoryBus();
  const counts = new Map<string, number>();
  subscriber.on("message", (channel: string, raw: string) => {
    try {
      void local.publish(channel.slice(prefix.length + 1), JSON.parse(raw));
    } catch {
      /* not ours: ignored */
    }
  });
  return {
    async publish(channel, message) {
      await publisher.publish(`${prefix}:${channel}`, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const unsubscribeLocal = await local.subscribe(channel, handler);
      counts.set(channel, (counts.get(channel) ?? 0) + 1);
      if (counts.get(channel) === 1) await subscriber.subscribe(`${prefix}:${channel}`);
      return async () => {
        await unsubscribeLocal();
        counts.set(channel, counts.get(channel)! - 1);
        if (counts.get(channel) === 0) await subscriber.unsubscribe(`${prefix}:${channel}`);
      };
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
