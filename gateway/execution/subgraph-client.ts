import { STATUS_CODES } from "node:http";
import { GraphQLError } from "graphql";
import { Pool } from "undici";
import { isPassedOnOutage, subgraphUnavailable } from "../subgraph-fetcher.js";
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

  constructor(
    private readonly serviceName: string,
    private readonly url: string,
  ) {
    const parsed = new URL(url);
    this.pool = new Pool(parsed.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
    this.path = `${parsed.pathname}${parsed.search}`;
  }

  /**
   * Posts the operation. A subgraph that cannot be reached is SERVICE_UNAVAILABLE on its fields; its own
   * 502–504 with a GraphQL body is passed on as that answer; any other non-2xx becomes the error
   * @apollo/gateway's data source makes of it.
   */
  async send(body: SubgraphRequestBody, headers: Record<string, string>): Promise<SubgraphResponse> {
    let response;
    try {
      response = await this.pool.request({ path: this.path, method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    } catch {
      throw subgraphUnavailable(this.serviceName);
    }
    const text = await response.body.text().catch(() => {
      throw subgraphUnavailable(this.serviceName);
    });
    const type = String(response.headers["content-type"] ?? "");
    const json = type.startsWith("application/json") || type.startsWith("application/graphql-response+json");
    if (isPassedOnOutage(response.statusCode) && !type.includes("json")) throw subgraphUnavailable(this.serviceName);
    const parsed = json ? JSON.parse(text) : text;
    if ((response.statusCode < 200 || response.statusCode > 299) && !isPassedOnOutage(response.statusCode)) throw errorFromStatus(this.url, response.statusCode, parsed);
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
