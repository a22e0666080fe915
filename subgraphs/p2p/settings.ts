import { ConfigError, type Settings } from "../../lib/settings.js";

export type P2pSettings = ReturnType<typeof p2pSettings>;

export function p2pSettings(settings: Settings) {
  const production = settings.string("NODE_ENV", "development") === "production";
  // Content travels through the graph base64-encoded (a third larger): it must fit in one request body.
  const bodyLimit = settings.byteSize("BODY_LIMIT", "1mb");
  const fitsBody = (bytes: number) => Math.ceil(bytes / 3) * 4 + 4096 <= bodyLimit;
  const largestFitting = Math.max(0, Math.floor(((bodyLimit - 4096) / 4) * 3));
  const asked = settings.optionalString("P2P_CONTENT_MAX_BYTES");
  // Unset: 512 KiB, or less when BODY_LIMIT is small; set: it must fit, or the platform does not start.
  const contentMaxBytes = asked === undefined ? Math.min(512 * 1024, largestFitting) : settings.byteSize("P2P_CONTENT_MAX_BYTES", "512kb");
  if (asked !== undefined && !fitsBody(contentMaxBytes)) {
    throw new ConfigError(`P2P_CONTENT_MAX_BYTES must stay below about three quarters of BODY_LIMIT (${bodyLimit} bytes)`);
  }
  const listen = settings.optionalString("P2P_LISTEN");
  return {
    /** Multiaddresses the node listens on: free TCP and WebSocket ports on loopback in development, TCP 4101 and WebSockets 4102 on every interface in production (4001, the usual one, is the accounts subgraph's). */
    listen: (listen ?? (production ? "/ip4/0.0.0.0/tcp/4101,/ip4/0.0.0.0/tcp/4102/ws" : "/ip4/127.0.0.1/tcp/0,/ip4/127.0.0.1/tcp/0/ws"))
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
    /** Dials to loopback and private ranges: allowed in development, refused in production unless P2P_ALLOW_PRIVATE=true. */
    allowPrivate: production ? settings.boolean("P2P_ALLOW_PRIVATE") : settings.boolean("P2P_ALLOW_PRIVATE", true),
    /** How long `POST /connect` waits for a peer before answering 504. */
    dialTimeoutMs: settings.positiveInt("P2P_DIAL_TIMEOUT_MS", 5_000),
    /** How long `GET /content/{cid}` asks connected peers before answering 404. */
    fetchTimeoutMs: settings.positiveInt("P2P_FETCH_TIMEOUT_MS", 5_000),
    /** `POST /connect` dials one client address may ask for per minute (the endpoint is public in development). */
    dialsPerMinute: settings.positiveInt("P2P_DIALS_PER_MINUTE", 30),
    /** Open connections at most (inbound and outbound together). */
    maxConnections: settings.positiveInt("P2P_MAX_CONNECTIONS", 100),
    /** Largest content one `POST /content` adds (and one block a peer may send us). */
    contentMaxBytes,
    /** Bytes of content one user may keep here (the sum of what they added); content read from peers is never kept. */
    pinQuotaBytes: settings.byteSize("P2P_PIN_QUOTA_BYTES", "64mb"),
    /** `POST /connect` needs a signed-in user in production; development keeps it public. */
    connectNeedsSignIn: production,
  };
}
