import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import { DATABASE_RETRY_AFTER_SECONDS } from "./db/unavailable.js";
import { isDependencyUnavailable } from "./unavailable.js";

/**
 * What an error may say besides its code, in the domain's own words (never a REST platform's codes:
 * the REST adapter maps these to each platform's, rest-adapter/design-errors.ts).
 */
export interface ErrorDetails {
  /** What is missing, or at its limit: `design`, `thread`, `asset`. */
  entity?: string;
  /** A fixed code of the domain for a case the class leaves open: `MISSING_SCOPE`, `TOKEN_REVOKED`, `COMMENT_LIMIT_REACHED`. */
  reason?: string;
  /** The input the error is about. */
  field?: string;
  [extension: string]: unknown;
}

/**
 * Every expected failure is one of these: a fixed `extensions.code` and the HTTP status the REST
 * adapter answers with (`extensions.http.status`). Anything else reaching a client is masked.
 */
export abstract class DomainError extends GraphQLError {
  abstract readonly code: string;
  abstract readonly status: number;
  constructor(message: string, extensions: ErrorDetails = {}) {
    super(message, { extensions });
  }
  /** GraphQLError reads extensions at construction; subclasses fix code and status afterwards. */
  protected seal(): this {
    Object.assign(this.extensions, { code: this.code, http: { status: this.status } });
    return this;
  }
}

function errorClass(code: string, status: number) {
  return class extends DomainError {
    readonly code = code;
    readonly status = status;
    constructor(message: string, extensions: ErrorDetails = {}) {
      super(message, extensions);
      this.seal();
    }
  };
}

/** Invalid input on one field: rendered by REST as `{ field, message }`. */
export class ValidationError extends errorClass("BAD_USER_INPUT", 400) {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message, { field });
    this.field = field;
  }
}
export class BadRequestError extends errorClass("BAD_REQUEST", 400) {}
/** No operation of the document is the one asked for (several and no `operationName`, or a name none has): worded as Apollo Server words it. */
export class OperationResolutionError extends errorClass("OPERATION_RESOLUTION_FAILURE", 400) {
  constructor(operationName: string | null | undefined) {
    super(operationName ? `Unknown operation named "${operationName}".` : "Must provide operation name if query contains multiple operations.");
  }
}
export class UnauthenticatedError extends errorClass("UNAUTHENTICATED", 401) {}
export class ForbiddenError extends errorClass("FORBIDDEN", 403) {}
export class NotFoundError extends errorClass("NOT_FOUND", 404) {}
export class ConflictError extends errorClass("CONFLICT", 409) {}
/** What was asked for is no longer kept (an edit history pruned past the version asked from). */
export class GoneError extends errorClass("GONE", 410) {}
/** A request body over a documented size limit. */
export class PayloadTooLargeError extends errorClass("PAYLOAD_TOO_LARGE", 413) {}
export class ServiceUnavailableError extends errorClass("SERVICE_UNAVAILABLE", 503) {}

/** The database cannot be used right now (down, unreachable, over its bounds): 503, try again in a few seconds. */
export function databaseUnavailableError(): ServiceUnavailableError {
  return new ServiceUnavailableError("The service is temporarily unavailable: try again shortly", { retryAfter: DATABASE_RETRY_AFTER_SECONDS });
}
/** A service we depend on (the card processor) failed or refused. */
export class BadGatewayError extends errorClass("BAD_GATEWAY", 502) {}
/** Another party (a peer of the p2p node) could not be reached within the bound we wait. */
export class GatewayTimeoutError extends errorClass("GATEWAY_TIMEOUT", 504) {}
/** Over a rate limit; `extensions.retryAfter` says in how many seconds to try again. */
export class TooManyRequestsError extends errorClass("RATE_LIMITED", 429) {}

/** Codes GraphQL and Apollo produce themselves, with the status each one means. */
const BUILT_IN_STATUS: Record<string, number> = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

export function statusForError(error: GraphQLFormattedError): number {
  const http = error.extensions?.http as { status?: unknown } | undefined;
  if (typeof http?.status === "number") return http.status;
  return BUILT_IN_STATUS[String(error.extensions?.code)] ?? 500;
}

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Apollo Server moves `extensions.http` into the response head and deletes it from the error; the
 * REST adapter and the gateway still need it, so it is put back here. Unexpected errors are masked.
 */
export function createFormatError(log: Log) {
  return (formatted: GraphQLFormattedError, original: unknown): GraphQLFormattedError => {
    const source = original instanceof GraphQLError ? original : undefined;
    const code = String(formatted.extensions?.code ?? "INTERNAL_SERVER_ERROR");
    const http = source?.extensions?.http as { status?: number } | undefined;
    const known = code in BUILT_IN_STATUS || typeof http?.status === "number";
    if (!known && isDependencyUnavailable(source?.originalError ?? original)) {
      log.warn({ err: source?.originalError ?? original, path: formatted.path }, "database or blob store unavailable");
      const unavailable = databaseUnavailableError();
      return { message: unavailable.message, path: formatted.path, locations: formatted.locations, extensions: unavailable.extensions };
    }
    if (!known) {
      log.error({ err: source?.originalError ?? source ?? original, path: formatted.path }, "unexpected error");
      return {
        message: "Internal server error",
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: "INTERNAL_SERVER_ERROR", http: { status: 500 } },
      };
    }
    const status = http?.status ?? BUILT_IN_STATUS[code];
    return { ...formatted, extensions: { ...formatted.extensions, code, http: { status } } };
  };
}

/**
 * A subgraph answers every GraphQL result with 200, variable errors included: the gateway treats any
 * other status as a transport failure and would lose the error's code and message.
 */
export const subgraphResultsAnswer200: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind === "single") response.http.status = 200;
      },
    };
  },
};

/**
 * GraphQL responses that executed keep status 200 even when a field failed (partial results are
 * normal GraphQL); the failure's status stays readable in `extensions.http.status`. Without this,
 * Apollo Server would turn a 404 on one field into a 404 for the whole response, and the gateway
 * would treat a subgraph's answer as a transport failure.
 */
export const executedOperationsAnswer200: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind === "single" && response.body.singleResult.data !== undefined) {
          response.http.status = 200;
        }
      },
    };
  },
};
