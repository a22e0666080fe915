/** The parts of an HTTP request a route turns into GraphQL variables. */
export interface RestRequest {
  body: Record<string, unknown>;
  /** The body exactly as received, for routes with `rawBody` (signed webhooks). */
  rawBody: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** For `bytesBody` routes: the body's bytes exactly as received. */
  rawBytes?: Buffer;
  /** For `upload` routes: the upload the request's bytes were stored under. */
  uploadId?: string;
}

/** A request the adapter refuses before any operation runs (a header it cannot read). */
export class RequestRefusedError extends Error {
  readonly failure: import("./error-styles.js").AdapterFailure;

  constructor(
    failure: import("./error-styles.js").AdapterFailure,
    message: string,
  ) {
    super(message);
    this.failure = failure;
  }
}

/**
 * A route whose body is a file's raw bytes (`application/octet-stream`): the ticket operation gives a
 * signed upload URL, the bytes are streamed there, then the route's operation runs with `uploadId`.
 */
export interface BinaryUpload {
  ticketOperation: string;
  /** May throw RequestRefusedError for a missing or unreadable header; runs before any byte is read. */
  ticketVariables: (request: RestRequest) => Record<string, unknown>;
  ticket: (data: Record<string, unknown>) => { uploadId: string; uploadUrl: string };
}

/**
 * One documented REST path: which GraphQL operation it runs, how the request becomes variables and
 * how the result becomes the documented body. No business rules live here.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Express-style path relative to the service prefix, e.g. `/projects/:id`. */
  path: string;
  operation: string;
  variables?: (request: RestRequest) => Record<string, unknown>;
  /** The documented body, from the operation's `data`; omitted for 204. */
  body?: (data: Record<string, unknown>) => unknown;
  /** Success status; 200 unless documented otherwise. */
  status?: 200 | 201 | 204;
  /**
   * The REST name of a GraphQL name (an argument, an input member) or variable path (`input.createdById`),
   * for errors, where the adapter cannot find it by itself: it traces which request member each variable
   * was built from (rest-adapter/rest-fields.ts), else spells the GraphQL name the platform's way.
   */
  errorFields?: Record<string, string>;
  /** The values a REST field accepts, by its REST name, where the route spells the graph's enum another way (`sort`: `newest` for `NEWEST`). */
  restEnumValues?: Record<string, readonly string[]>;
  /**
   * The platform's codes for the graph's errors where this operation documents its own, by what the
   * error says (`NOT_FOUND`, `NOT_FOUND:thread`, a reason; see rest-adapter/design-errors.ts).
   */
  errorCodes?: Record<string, string>;
  /** Keep the body as received text instead of parsing JSON (it is signed byte for byte). */
  rawBody?: boolean;
  /** Errors as a plain-text message instead of JSON. */
  textErrors?: boolean;
  /** Also served under the service's `authPrefix`. */
  alsoAuth?: boolean;
  /** The body is `application/x-www-form-urlencoded` (the OAuth endpoints). */
  form?: boolean;
  /** Backend-to-backend only: no CORS grant, and a request from a browser (with `Origin`) is refused. */
  noBrowser?: boolean;
  upload?: BinaryUpload;
  /** The body is raw bytes of any type (up to BODY_LIMIT), given to `variables` as `rawBytes`. */
  bytesBody?: boolean;
  /** The answer is bytes, not JSON: the operation gives them base64-encoded. */
  bytes?: (data: Record<string, unknown>) => { base64: string; contentType: string };
}

/** A platform service: its routes, served under its prefixes on the main port (and, for the business
 * platform, bare on its own port), with that platform's error bodies. */
export interface RestService {
  name: string;
  prefix: string;
  /** The service's own port (the documented variable and its default), where its paths answer without prefix. */
  directPort?: { variable: string; port: number };
  /** Further prefixes the same routes answer under (the design platform's `/rest/v1`). */
  alsoUnder?: string[];
  /** Further prefix for the routes marked `alsoAuth` (the design platform's `/auth/v1`). */
  authPrefix?: string;
  routes: RestRoute[];
  errorStyle?: import("./error-styles.js").ErrorStyle;
}

/**
 * What one route file (`rest-adapter/routes/*.ts`, its default export) gives: a whole service, or more
 * routes of a service another file describes (a new design-platform domain adds its `/v1` paths so).
 */
export type RestServicePart = Partial<Omit<RestService, "name" | "routes">> & Pick<RestService, "name" | "routes">;

/** The same object with some keys renamed (REST name → GraphQL name). */
export function renameKeys(object: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [names[key] ?? key, value]));
}

/** Copies only the named members of the body: what the operation's input declares. */
export function pick(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in body).map((field) => [field, body[field]]));
}
