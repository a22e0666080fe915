import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";

export interface Followed {
  results: any[];
  /** Resolves when the server completes the stream (or fails it). */
  ended: Promise<{ error?: unknown }>;
  /** Resolves once `count` results arrived. */
  received(count: number): Promise<void>;
  stop(): void;
}

/** A graphql-ws client on the gateway's `/graphql`, authenticated by connectionParams; `headers` go on its upgrade request. */
export function wsClient(httpBase: string, token?: string, headers?: Record<string, string>): Client {
  return createClient({
    url: `${httpBase.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: headers
      ? class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers });
          }
        }
      : WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and collects every result until the server completes the stream. */
export function follow(client: Client, query: string, variables: Record<string, unknown> = {}): Followed {
  const results: any[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let stop = () => undefined as void;
  const ended = new Promise<{ error?: unknown }>((resolve) => {
    stop = client.subscribe(
      { query, variables },
      {
        next: (result) => {
          results.push(result);
          for (const waiter of waiters.filter((w) => results.length >= w.count)) waiter.resolve();
        },
        error: (error) => resolve({ error }),
        complete: () => resolve({}),
      },
    );
  });
  return {
    results,
    ended,
    stop,
    received: (count) => (results.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
  };
}
