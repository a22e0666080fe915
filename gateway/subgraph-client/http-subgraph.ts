import { Pool, type Dispatcher } from "undici";
import type { SubgraphResponse } from "../execution/run-plan.js";
import { RATE_COUNTED_HEADER } from "../../lib/rate-limit.js";
import { isPassedOnOutage, resultOf, subgraphUnavailable } from "./answers.js";
import { markRateCounted } from "./inflight.js";

export interface SubgraphRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

interface Answer {
  statusCode: number;
  contentType: string;
  text: string;
  /** The subgraph counted the request against the caller's rate limit. */
  rateCounted: boolean;
}

/** Collects one answer's status, content type and body text. */
class AnswerCollector implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private contentType = "";
  private rateCounted = false;
  private readonly chunks: Buffer[] = [];

  private readonly resolve: (answer: Answer) => void;
  private readonly reject: (error: Error) => void;

  constructor(
    resolve: (answer: Answer) => void,
    reject: (error: Error) => void,
  ) {
    this.resolve = resolve;
    this.reject = reject;
  }

  onRequestStart(): void {}

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.statusCode = statusCode;
    this.contentType = String(headers["content-type"] ?? "");
    this.rateCounted = headers[RATE_COUNTED_HEADER] !== undefined;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    const body = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const text = body.toString("utf8");
    // A leading byte order mark is dropped, as a body read as text (UTF-8 decoding) drops it.
    this.resolve({ statusCode: this.statusCode, contentType: this.contentType, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, rateCounted: this.rateCounted });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.reject(error);
  }
}

/** One subgraph reached over HTTP: a keep-alive connection pool, JSON in and out. */
export class HttpSubgraph {
  private readonly pool: Pool;
  private readonly path: string;
  private readonly origin: string;

  private readonly serviceName: string;
  private readonly url: string;

  constructor(
    serviceName: string,
    url: string,
  ) {
    this.serviceName = serviceName;
    this.url = url;
    const parsed = new URL(url);
    this.origin = parsed.origin;
    this.pool = new Pool(parsed.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
    this.path = `${parsed.pathname}${parsed.search}`;
  }

  /**
   * Posts the operation. A subgraph that cannot be reached is SERVICE_UNAVAILABLE on its fields; its own
   * 502–504 with a GraphQL body is passed on as that answer; any other non-2xx becomes the error
   * @apollo/gateway's data source makes of it.
   */
  async send(body: SubgraphRequestBody, headers: Record<string, string>, text = JSON.stringify(body)): Promise<SubgraphResponse> {
    let response: Answer;
    try {
      response = await this.answer({ ...headers, "content-type": "application/json" }, text);
    } catch {
      throw subgraphUnavailable(this.serviceName);
    }
    const type = response.contentType;
    const json = type.startsWith("application/json") || type.startsWith("application/graphql-response+json");
    if (isPassedOnOutage(response.statusCode) && !type.includes("json")) throw subgraphUnavailable(this.serviceName);
    try {
      return markRateCounted(resultOf(this.url, response.statusCode, json ? JSON.parse(response.text) : response.text), response.rateCounted);
    } catch (error) {
      throw markRateCounted(error, response.rateCounted);
    }
  }

  /** The whole answer to one POST, collected from undici's dispatch callbacks (no response stream is made for a body read at once). */
  private answer(headers: Record<string, string>, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.pool.dispatch({ origin: this.origin, path: this.path, method: "POST", headers, body }, new AnswerCollector(resolve, reject));
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
