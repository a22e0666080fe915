import http from "node:http";
import type { AddressInfo } from "node:net";
import assert from "node:assert/strict";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { ValidateFunction } from "ajv";
import { JOB_FINISHED_CONTENT_SCHEMA } from "../subgraphs/webhooks/domain/job-finished.js";
import { assertValid, extensionSchemaOf, schemaOf } from "./current-spec.js";
import type { HttpClient } from "./http.js";
import type { Person } from "./people.js";

export interface ReceivedDelivery {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/** What the receiver answers a request with: a status, or never (it hangs until the sender gives up). */
export type Responder = (request: ReceivedDelivery, index: number) => number | "hang";

/** An integration's webhook receiver on loopback: records every request and answers as told. */
export class WebhookReceiver {
  readonly requests: ReceivedDelivery[] = [];
  private waiters: Array<() => void> = [];
  private readonly server: http.Server;
  public respond: Responder;

  private constructor(
    server: http.Server,
    respond: Responder,
  ) {
    this.server = server;
    this.respond = respond;
  }

  static async start(respond: Responder = () => 200): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server, respond);
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const delivery = { body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, at: Date.now() };
        receiver.requests.push(delivery);
        for (const wake of receiver.waiters.splice(0)) wake();
        const answer = receiver.respond(delivery, receiver.requests.length - 1);
        if (answer !== "hang") res.writeHead(answer, { "content-type": "text/plain" }).end(String(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Resolves once `count` requests have come (fails after `timeoutMs`). */
  async received(count: number, timeoutMs = 30_000): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A notification as delivered: the specification's `Notification`. */
export interface Notification {
  id: string;
  created_at: number;
  content: { type: string; [member: string]: any };
}

let validators: { notification: ValidateFunction; jobFinished: ValidateFunction } | undefined;

/**
 * Checks a delivered notification against the design platform's current specification: `Notification`
 * (`content` one of its `NotificationContent` types), or for this platform's `job_finished` extension the
 * specification's `Notification` with the extension's documented content.
 */
export function assertSpecNotification(notification: unknown, what = "a delivered notification"): asserts notification is Notification {
  validators ??= {
    notification: schemaOf("Notification"),
    jobFinished: extensionSchemaOf({
      type: "object",
      required: ["id", "created_at", "content"],
      properties: {
        id: { $ref: "#/components/schemas/Notification/properties/id" },
        created_at: { $ref: "#/components/schemas/Notification/properties/created_at" },
        content: JOB_FINISHED_CONTENT_SCHEMA,
      },
    }),
  };
  const type = (notification as Notification | undefined)?.content?.type;
  assertValid(type === "job_finished" ? validators.jobFinished : validators.notification, notification, `${what} (${type})`);
}

/** The registered claims of the JWT around a notification. */
const JWT_CLAIMS = ["iss", "aud", "jti", "iat", "exp"];

/**
 * What an integration's backend does with a delivery, using jose alone: verify the body against the
 * platform's published webhook keys, for this integration, recently signed; refuse an id seen before.
 * Every body it verifies is also checked against the specification (`assertSpecNotification`).
 */
export class IntegrationBackend {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  readonly seen = new Set<string>();

  private readonly issuer: string;
  private readonly clientId: string;

  constructor(
    platform: HttpClient,
    issuer: string,
    clientId: string,
  ) {
    this.issuer = issuer;
    this.clientId = clientId;
    this.keys = createRemoteJWKSet(new URL("/v1/connect/keys", platform.baseUrl), { cooldownDuration: 0 });
  }

  /**
   * The verified claims, the notification they carry (checked against the specification) and the
   * signing key's id; throws on a bad signature, another audience or an old body (as of `receivedAt`,
   * when it came, in ms; now unless given).
   */
  async verify(body: string, receivedAt?: number): Promise<{ claims: JWTPayload; notification: Notification; kid: string }> {
    const { payload } = await jwtVerify(body, this.keys, {
      issuer: this.issuer,
      audience: this.clientId,
      maxTokenAge: "5m",
      algorithms: ["EdDSA"],
      ...(receivedAt === undefined ? {} : { currentDate: new Date(receivedAt) }),
    });
    const notification = Object.fromEntries(Object.entries(payload).filter(([claim]) => !JWT_CLAIMS.includes(claim)));
    assertSpecNotification(notification);
    assert.equal(payload.jti, notification.id, "the JWT's id is the notification's");
    return { claims: payload, notification, kid: decodeProtectedHeader(body).kid! };
  }

  /** Verifies and processes once: `replayed` for an id already processed. */
  async accept(body: string): Promise<"processed" | "replayed"> {
    const { notification } = await this.verify(body);
    if (this.seen.has(notification.id)) return "replayed";
    this.seen.add(notification.id);
    return "processed";
  }
}

/** `setIntegrationWebhook` as `owner` sends it; without `events`, as Canva's portal sets notifications up (every type of the specification). */
export function setWebhook(platform: HttpClient, owner: Person, clientId: string, url: string, events?: string[]) {
  return platform.graphql(
    `mutation($id: ID!, $url: String!, $events: [WebhookEventKind!]) { setIntegrationWebhook(clientId: $id, url: $url, events: $events) { url events } }`,
    { id: clientId, url, ...(events ? { events } : {}) },
    owner.token,
  );
}

/** What a user's grant needs for the collaboration notifications (Canva's webhooks guide): comments, mentions, suggestions. */
export const NOTIFICATION_SCOPES = "collaboration:event design:meta:read comment:read";

export const DELIVERY = `id kind status userId teamId event nextAttemptAt deliveredAt attempts { number httpStatus durationMs error outcome }`;

/** The integration's deliveries as its owner sees them in the graph (newest first). */
export async function deliveriesOf(platform: HttpClient, owner: Person, clientId: string, status?: string): Promise<any[]> {
  const response = await platform.graphql(
    `query($id: ID!, $status: WebhookDeliveryStatus) { integration(clientId: $id) { webhookDeliveries(status: $status, first: 20) { items { ${DELIVERY} } } } }`,
    { id: clientId, status },
    owner.token,
  );
  if (!response.body.data?.integration) throw new Error(response.text);
  return response.body.data.integration.webhookDeliveries.items;
}

/** Waits until `check` holds for the deliveries (polling the graph). */
export async function deliveriesWhen(platform: HttpClient, owner: Person, clientId: string, check: (items: any[]) => boolean, timeoutMs = 30_000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await deliveriesOf(platform, owner, clientId);
    if (check(items)) return items;
    if (Date.now() > deadline) throw new Error(`deliveries never matched: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
