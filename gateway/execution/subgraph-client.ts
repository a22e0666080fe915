import { STATUS_CODES } from "node:http";
import { GraphQLError } from "graphql";
import { Pool } from "undici";
import type { SubgraphResponse } from "./run-plan.js";

export interface SubgraphRequestBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

/** One subgraph reached over HTTP: a keep-alive connection pool, JSON in and out. */
export class HttpSubgraph {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(private readonly url: string) {
    const parsed = new URL(url);
    this.pool = new Pool(parsed.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
    this.path = `${parsed.pathname}${parsed.search}`;
  }

  /** Posts the operation; a non-2xx answer becomes the error @apollo/gateway's data source makes of it. */
  async send(body: SubgraphRequestBody, headers: Record<string, string>): Promise<SubgraphResponse> {
    let response;
    try {
      response = await this.pool.request({ path: this.path, method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    } catch (error) {
      throw new Error(`request to ${this.url} failed, reason: ${(error as Error).message}`);
    }
    const text = await response.body.text();
    const type = String(response.headers["content-type"] ?? "");
    const json = type.startsWith("application/json") || type.startsWith("application/graphql-response+json");
    const parsed = json ? JSON.parse(text) : text;
    if (response.statusCode < 200 || response.statusCode > 299) throw errorFromStatus(this.url, response.statusCode, parsed);
    if (typeof parsed !== "object" || parsed === null) throw new Error(`Expected JSON response body, but received: ${text}`);
    return parsed;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The error a subgraph's non-2xx answer becomes (as in @apollo/gateway's RemoteGraphQLDataSource). */
export function errorFromStatus(url: string, status: number, body: unknown): GraphQLError {
  const statusText = STATUS_CODES[status] ?? "";
  const extensions: Record<string, unknown> = { response: { url, status, statusText, body } };
  if (status === 401) extensions.code = "UNAUTHENTICATED";
  else if (status === 403) extensions.code = "FORBIDDEN";
  return new GraphQLError(`${status}: ${statusText}`, { extensions });
}
