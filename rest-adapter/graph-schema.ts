import type { GraphQLSchema } from "graphql";
import type { InternalCalls } from "../lib/auth/internal-calls.js";
import type { Logger } from "../lib/logger.js";
import { SUPERGRAPH_PATH, SUPERGRAPH_PROOF_HEADER, supergraphProof } from "../lib/graphql/supergraph-endpoint.js";
import { supergraphSchema } from "./openapi/document.js";

/** The graph's schema as the REST adapter knows it (rest-adapter/input-errors.ts). */
export interface GraphSchema {
  /** The schema now; undefined while it is not known. */
  current(): GraphQLSchema | undefined;
  /**
   * Whether each route's variables are checked against it before the operation runs. Only beside the
   * gateway, on its very schema: a copy fetched from a gateway could lag one that was just deployed, so
   * there the gateway refuses and the copy only words the refusal (an enum's values).
   */
  checksFirst: boolean;
}

const bySupergraph = new Map<string, GraphQLSchema>();

/** The schema of a supergraph SDL, built once per SDL (tests start many platforms on the same composition). */
export function schemaOfSupergraph(supergraphSdl: string): GraphQLSchema {
  let schema = bySupergraph.get(supergraphSdl);
  if (!schema) bySupergraph.set(supergraphSdl, (schema = supergraphSchema(supergraphSdl)));
  return schema;
}

/** Beside the gateway, in one process: the supergraph it runs. */
export function besideGateway(supergraphSdl: string): GraphSchema {
  const schema = schemaOfSupergraph(supergraphSdl);
  return { current: () => schema, checksFirst: true };
}

/** How often a REST adapter of its own asks the gateway for its supergraph again (a gateway may be redeployed with another). */
const REFRESH_MS = 60_000;

/** A REST adapter of its own: the gateway's supergraph, asked for with the deployment's internal proof and refreshed in the background. */
export function fromGateway(gatewayUrl: () => string, internalCalls: InternalCalls, log: Logger): GraphSchema {
  let schema: GraphQLSchema | undefined;
  let askedAt = -Infinity;
  const ask = async () => {
    try {
      const response = await fetch(new URL(SUPERGRAPH_PATH, gatewayUrl()), { headers: { [SUPERGRAPH_PROOF_HEADER]: supergraphProof(internalCalls) }, signal: AbortSignal.timeout(10_000) });
      if (response.status !== 200) throw new Error(`the gateway answered ${response.status}`);
      schema = schemaOfSupergraph(await response.text());
    } catch (error) {
      askedAt = -Infinity;
      log.warn({ err: error }, "REST adapter could not read the graph's schema: refusals of bad input will not list an enum's values");
    }
  };
  return {
    current() {
      if (Date.now() - askedAt >= REFRESH_MS) {
        askedAt = Date.now();
        void ask();
      }
      return schema;
    },
    checksFirst: false,
  };
}
