import type { RequestHandler } from "express";
import type { InternalCalls } from "../auth/internal-calls.js";

/** Where the gateway gives its supergraph SDL to the deployment's own processes (a REST adapter of its own). */
export const SUPERGRAPH_PATH = "/internal/supergraph";

/** The header carrying the caller's proof that it holds the deployment's internal key. */
export const SUPERGRAPH_PROOF_HEADER = "x-internal-proof";

const SIGNED = { authorization: undefined, query: SUPERGRAPH_PATH, variables: {} };

/** The proof for one request of the supergraph. */
export const supergraphProof = (internalCalls: InternalCalls): string => internalCalls.sign(SIGNED);

/**
 * Serves the supergraph SDL to a request with a fresh proof, and answers anyone else as an unknown path
 * (the schema stays as private as introspection is).
 */
export function supergraphEndpoint(supergraphSdl: () => string, internalCalls: InternalCalls): RequestHandler {
  return (req, res, next) => {
    if (!internalCalls.verify(req.headers[SUPERGRAPH_PROOF_HEADER], SIGNED)) return next();
    res.type("text/plain").set("cache-control", "no-store").send(supergraphSdl());
  };
}
