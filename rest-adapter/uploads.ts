import { Readable } from "node:stream";
import type { Request } from "express";
import type { GraphQLResult } from "./graphql-client.js";
import { executeOperation, GatewayUnavailableError, type Caller } from "./graphql-client.js";
import { RequestRefusedError, type RestRequest, type RestRoute } from "./route-table.js";

/** What an upload route produced: the final operation's result, or a refusal before it. */
export type UploadOutcome = { result: GraphQLResult } | { refused: RequestRefusedError } | { stored: { status: number; body: unknown } };

/** The signed URL on the gateway's own address: the public URL may not be reachable from here. */
function onGateway(uploadUrl: string, gatewayUrl: string): string {
  const target = new URL(uploadUrl);
  return new URL(`${target.pathname}${target.search}`, gatewayUrl).toString();
}

async function streamTo(url: string, req: Request): Promise<Response> {
  try {
    return await fetch(url, {
      method: "PUT",
      headers: { "content-type": "application/octet-stream" },
      body: Readable.toWeb(req) as ReadableStream,
      duplex: "half",
    } as RequestInit);
  } catch (error) {
    throw new GatewayUnavailableError(`upload failed: ${(error as Error).message}`);
  }
}

/**
 * A binary upload route: the header is read before any byte (a bad one creates nothing), the
 * ticket operation gives the signed upload URL, the body is streamed there, then the route's
 * operation runs with the upload's id.
 */
export async function runUpload(
  route: RestRoute & { upload: NonNullable<RestRoute["upload"]> },
  req: Request,
  request: RestRequest,
  gatewayUrl: string,
  caller: Caller,
): Promise<UploadOutcome> {
  if (!req.is("application/octet-stream")) {
    return { refused: new RequestRefusedError("not_octet_stream", "The body must be the file's raw bytes with Content-Type application/octet-stream") };
  }
  let ticketVariables: Record<string, unknown>;
  try {
    ticketVariables = route.upload.ticketVariables(request);
  } catch (error) {
    if (error instanceof RequestRefusedError) return { refused: error };
    throw error;
  }
  const ticketResult = await executeOperation(gatewayUrl, { query: route.upload.ticketOperation, variables: ticketVariables, caller });
  if (ticketResult.errors?.length || !ticketResult.data) return { result: ticketResult };
  const ticket = route.upload.ticket(ticketResult.data);
  const stored = await streamTo(onGateway(ticket.uploadUrl, gatewayUrl), req);
  if (stored.status !== 204) return { stored: { status: stored.status, body: await stored.json().catch(() => ({})) } };
  const variables = route.variables?.({ ...request, uploadId: ticket.uploadId }) ?? { uploadId: ticket.uploadId };
  return { result: await executeOperation(gatewayUrl, { query: route.operation, variables, caller }) };
}
