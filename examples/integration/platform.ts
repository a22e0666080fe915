import { createClient } from "graphql-ws/client";
import WebSocket from "ws";

/** A refusal of the platform, in its own words: the REST paths' `{ code, message }`, or a GraphQL error's code and message. */
export class PlatformError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Json = Record<string, any>;

/**
 * The design platform as one signed-in user's backend calls it: the documented REST paths (`/v1/…`),
 * the graph (`POST /graphql`) and its subscriptions (graphql-ws on `/graphql`), each with the user's
 * access token. `accessToken` is asked before every call, so that it may refresh an expiring one.
 */
export class DesignPlatform {
  readonly url: string;
  readonly accessToken: () => Promise<string>;

  constructor(url: string, accessToken: () => Promise<string>) {
    this.url = url;
    this.accessToken = accessToken;
  }

  /** A REST path: JSON in (`json`) or bytes (`bytes`), JSON out; an answer other than 2xx is a PlatformError. */
  async rest(method: string, path: string, options: { json?: unknown; bytes?: Uint8Array; headers?: Record<string, string> } = {}): Promise<Json> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}`, ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.bytes) {
      headers["content-type"] = "application/octet-stream";
      body = new Uint8Array(options.bytes);
    }
    const response = await fetch(`${this.url}${path}`, { method, headers, body });
    const answer = (await response.json().catch(() => ({}))) as Json;
    if (!response.ok) throw new PlatformError(response.status, answer.code ?? "error", answer.message ?? `${method} ${path} answered ${response.status}`);
    return answer;
  }

  /** An operation of the graph; its first error is a PlatformError. */
  async graphql(query: string, variables: Json = {}): Promise<Json> {
    const response = await fetch(`${this.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await this.accessToken()}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await response.json().catch(() => ({}))) as { data?: Json; errors?: { message: string; extensions?: Json }[] };
    const error = answer.errors?.[0];
    if (error || !answer.data) {
      throw new PlatformError(error?.extensions?.http?.status ?? response.status, error?.extensions?.code ?? "error", error?.message ?? `the graph answered ${response.status}`);
    }
    return answer.data;
  }

  /**
   * A subscription of the graph (a job: its current state first, then each change; the platform ends it
   * after `success` or `failed`). `next` gets each result's data; `end` once, with the error if any.
   * Answers a function that stops following.
   */
  async subscribe(query: string, variables: Json, next: (data: Json) => void, end: (error?: Error) => void): Promise<() => void> {
    const client = createClient({
      url: `${this.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${await this.accessToken()}` },
      lazy: true,
      retryAttempts: 0,
    });
    let ended = false;
    const finish = (error?: Error) => {
      if (ended) return;
      ended = true;
      void client.dispose();
      end(error);
    };
    const unsubscribe = client.subscribe<Json>(
      { query, variables },
      {
        next: (result) => (result.errors?.length ? finish(new Error(result.errors[0].message)) : next(result.data ?? {})),
        error: (error) => finish(error instanceof Error ? error : new Error(`the subscription failed: ${JSON.stringify(error)}`)),
        complete: () => finish(),
      },
    );
    return () => {
      unsubscribe();
      finish();
    };
  }
}
