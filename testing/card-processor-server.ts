import { randomBytes } from "node:crypto";
import http from "node:http";
import { listen, type RunningServer } from "../lib/http.js";

export interface ReceivedIntentRequest {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface CardProcessorServer {
  server: RunningServer;
  secretKey: string;
  /** Every PaymentIntent creation request that reached the server, in order. */
  requests: ReceivedIntentRequest[];
  /** PaymentIntents created, by id. */
  intents: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

function error(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: { type, message } }));
}

/**
 * A local stand-in for the card processor's PaymentIntents endpoint, speaking its wire protocol
 * (form-encoded requests, bearer API key, Idempotency-Key replay, JSON objects and errors), so the
 * product's real SDK client can be exercised without the network.
 */
export async function startCardProcessorServer(): Promise<CardProcessorServer> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const requests: ReceivedIntentRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { params: string; response: string }>();

  const server = await listen(
    (req: http.IncomingMessage, res: http.ServerResponse) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk));
      req.on("end", () => {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          return error(res, 401, "invalid_request_error", "Invalid API Key provided");
        }
        if (req.method !== "POST" || req.url !== "/v1/payment_intents") {
          return error(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${req.url})`);
        }
        const form = new URLSearchParams(raw);
        const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]] = value;
        }
        const amount = Number(form.get("amount"));
        const currency = form.get("currency") ?? "";
        requests.push({ amount, currency, metadata, idempotencyKey });
        const params = [...form].sort().join("&");
        const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
        if (replay) {
          if (replay.params !== params) {
            return error(res, 400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
          }
          return res.writeHead(200, { "content-type": "application/json", "idempotent-replayed": "true" }).end(replay.response);
        }
        if (!Number.isInteger(amount) || amount < 1 || !/^[a-z]{3}$/.test(currency)) {
          return error(res, 400, "invalid_request_error", "Invalid amount or currency");
        }
        const id = `pi_${randomBytes(12).toString("hex")}`;
        const intent = {
          id,
          object: "payment_intent",
          amount,
          currency,
          metadata,
          status: "requires_payment_method",
          client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        const response = JSON.stringify(intent);
        if (idempotencyKey) replays.set(idempotencyKey, { params, response });
        res.writeHead(200, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` }).end(response);
      });
    },
    0,
    "127.0.0.1",
  );
  return { server, secretKey, requests, intents, close: () => server.close() };
}
