import net from "node:net";

/** A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut and restore, as if the server went away. */
export interface FaultProxy {
  port: number;
  /** `url` (e.g. `postgres://u@127.0.0.1:5432/db`) with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Severs every open connection and refuses (resets) new ones until `restore`. */
  cut(): void;
  /** Severs every open connection and takes new ones without ever answering (a server hung, packets dropped) until `restore`. */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let down = false;
  let stalled = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return void client.resetAndDestroy();
    if (stalled) {
      open.add(client);
      client.on("close", () => open.delete(client));
      client.on("error", () => undefined);
      return void client.resume();
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => undefined);
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: FaultProxy = {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    stall() {
      stalled = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      down = false;
      stalled = false;
    },
    async close() {
      proxy.cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}

/** Where a URL's server listens (`redis://127.0.0.1:6379` → 127.0.0.1, 6379). */
export function targetOf(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}
