/**
 * What the platform's own settings mean (each domain describes its own in its manifest's `settingDocs`):
 * with those, the one source of docs/configuration.md (`npm run docs` writes the tables). One entry per
 * row: the variables it names, its default as shown, and what it does.
 *
 * Not listed here, because they are written from code: each domain's `<NAME>_SUBGRAPH_PORT` /
 * `<NAME>_SUBGRAPH_URL` (from the domain definitions) and each REST service's direct port (from
 * rest-adapter/routes/). Where a row appears (the platform, a domain) follows from who reads it.
 *
 * scripts/__tests__/docs.test.ts fails when the product reads a variable not described, when a described
 * one is never read or is described away from the code that reads it, or when a default shown is not the
 * one the code falls back to.
 */
import type { SettingDoc } from "../../lib/modules/domain-manifest.js";

export type { SettingDoc };

export const SETTINGS: readonly SettingDoc[] = [
  { names: ["PORT"], default: "`4000`", meaning: "the gateway's port, the public origin: `/graphql`, the REST paths, OAuth, the pages, files, `/healthz`; `npm run start:edge` and `npm run start:cluster` listen on it in front of the gateways" },
  { names: ["DATA_DIR"], default: "`./.data`", meaning: "embedded database and generated secret" },
  { names: ["BLOB_STORE"], default: "`file`", meaning: "where files (uploads, thumbnails, renders, imports, exports) live: `file` (under `DATA_DIR/blobs`) or `s3` (a bucket of S3 or an S3-compatible store, the `S3_*` settings; docs/object-storage.md)" },
  { names: ["S3_ENDPOINT"], default: "— (AWS)", meaning: "`BLOB_STORE=s3`: the store's URL (`http://minio:9000`); empty for AWS itself, whose endpoint follows `S3_REGION`" },
  { names: ["S3_PUBLIC_ENDPOINT"], default: "`S3_ENDPOINT`", meaning: "with `S3_PUBLIC_URLS=presigned`: the store's URL as clients reach it, which presigned URLs are signed for (when the platform reaches the store by another address)" },
  { names: ["S3_REGION"], default: "`us-east-1`", meaning: "`BLOB_STORE=s3`: the bucket's region" },
  { names: ["S3_BUCKET"], default: "— (required with `s3`)", meaning: "`BLOB_STORE=s3`: the bucket every process keeps files in (made beforehand)" },
  { names: ["S3_PREFIX"], default: "—", meaning: "`BLOB_STORE=s3`: path segments put before every object key (`platform/`), so one bucket can hold other things or several deployments" },
  { names: ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], default: "— (the SDK's credential chain)", meaning: "`BLOB_STORE=s3`: both or neither; unset, the AWS SDK's usual chain (environment, shared files, container and instance roles, web identity)" },
  { names: ["S3_FORCE_PATH_STYLE"], default: "`false`", meaning: "`BLOB_STORE=s3`: `bucket` in the path rather than the host name; `true` for most S3-compatible servers" },
  { names: ["S3_PUBLIC_URLS"], default: "`platform`", meaning: "`BLOB_STORE=s3`: the download URLs handed out: `platform` (signed `/blobs/…` URLs, streamed from the store by the platform) or `presigned` (the store's presigned GET URLs, same expiry, downloads skip the platform)" },
  { names: ["S3_UPLOAD_PART_SIZE"], default: "`8mb`", meaning: "`BLOB_STORE=s3`: part size of multipart uploads, 5mb to 64mb; an upload holds about two parts in memory" },
  { names: ["DATABASE_URL"], default: "—", meaning: "PostgreSQL server; when set, PGlite is not used" },
  { names: ["JWT_SECRET"], default: "generated (embedded only)", meaning: "HS256 secret, at least 32 characters; required with `DATABASE_URL`" },
  { names: ["JWT_ISSUER"], default: "`PUBLIC_URL`", meaning: "`iss` of every business token (user and operator tokens); a token with another `iss`, or with an `aud` and no `iss`, is refused (401). Every process must agree on it" },
  { names: ["JWT_AUDIENCE"], default: "`business-platform`", meaning: "`aud` of every business token; a token with another `aud`, or with an `iss` and no `aud`, is refused (401). A token with neither is one of the business platform's own auth service (see `LEGACY_BUSINESS_TOKENS`)" },
  { names: ["LEGACY_BUSINESS_TOKENS"], default: "`on`", meaning: "tokens the business platform's own auth service minted before the cut-over (HS256 under `JWT_SECRET`, the claims `user_id`/`userId`, `email`, `roles`, `exp`, no `iss` or `aud`): `on` accepts them on every business REST path and on the graph as the seed's services did (roles read from the database, never from the token; a user the accounts do not hold, a lifetime over 24 hours, an expired token refused); `off` refuses them (401); a date (`2027-03-01`, UTC) or instant (`2027-03-01T12:00:00Z`) refuses them from then on. Every process must agree on it" },
  { names: ["CORS_ALLOW_ORIGIN"], default: "`http://localhost:3000`", meaning: "origin allowed cross-origin (with credentials)" },
  { names: ["BODY_LIMIT"], default: "`1mb`", meaning: "largest request body (`1048576`, `512kb`, `1mb`)" },
  { names: ["LOG_LEVEL"], default: "`info`", meaning: "pino level" },
  { names: ["METRICS_ENABLED"], default: "`true`, with `NODE_ENV=production` `false`", meaning: "serve Prometheus metrics at `/metrics` (main port, REST adapter, subgraphs, worker health port); off: the path is a 404 and nothing is measured per request" },
  { names: ["METRICS_TOKEN"], default: "—", meaning: "when set, `/metrics` answers only `Authorization: Bearer <token>` (401 otherwise)" },
  { names: ["OTEL_EXPORTER_OTLP_ENDPOINT"], default: "—", meaning: "when set (e.g. `http://collector:4318`), every process exports OpenTelemetry traces over OTLP/HTTP to `<endpoint>/v1/traces`; unset, no OpenTelemetry code is loaded" },
  { names: ["OTEL_SERVICE_NAME"], default: "the process's role", meaning: "`service.name` of the traces: `platform`, `gateway`, `rest-adapter`, `worker`, `subgraph-<name>` by default" },
  { names: ["LOG_FORMAT"], default: "`auto`", meaning: "`pretty`: one coloured line a record and a start banner block (pino-pretty); `json`: one JSON object a line; `auto`: `pretty` when standard output is a terminal and `NODE_ENV` is not `production`, else `json`" },
  { names: ["REDIS_URL"], default: "—", meaning: "Redis for rate limits and the event bus (job progress) shared by every replica; in-process when absent" },
  { names: ["TRUST_PROXY"], default: "`false`", meaning: "which proxies in front of the public ports may name the client in `X-Forwarded-For` (`true`, a hop count, or addresses / subnets such as `loopback`); the client address is what per-address limits count" },
  { names: ["ROLE_CACHE_SECONDS"], default: "`5`", meaning: "how long a process may reuse a user's stored roles; a role change clears every process's copy at once over the bus (`0`: read on every request)" },
  { names: ["HOST"], default: "`0.0.0.0`", meaning: "interface the public ports bind to" },
  { names: ["CONSOLE_CLIENT_ID", "CONSOLE_CLIENT_SECRET"], default: "—", meaning: "the job console's OAuth client (both or neither): with them `/console` and the design editor sign users in" },
  { names: ["PUBLIC_URL"], default: "`http://localhost:$PORT`", meaning: "the one origin clients reach the deployment at: every URL the platform hands out names it (OpenID issuer and discovery, sign-in, OpenAPI servers, signed file URLs); `npm run seed` and the other operator tools reach the platform there" },
  { names: ["SUBGRAPH_HOST"], default: "`127.0.0.1`", meaning: "interface subgraphs listen on: loopback, so only the gateway (on the same machine) reaches them" },
  { names: ["FILES_URL"], default: "the assets subgraph's base URL", meaning: "split processes: where the gateway forwards signed `/blobs/…` and `/uploads/…` URLs" },
  { names: ["RATE_LIMIT_KEY_PREFIX"], default: "`rate-limit`", meaning: "prefix of every rate-limit and event-bus key in Redis (one per deployment sharing a Redis)" },
  { names: ["RATE_LIMIT_USER_MULTIPLIER"], default: "`3`", meaning: "a design-platform user's budget per operation and minute across all integrations, in multiples of the documented per-integration limit" },
  { names: ["JOB_WORKERS"], default: "`1`", meaning: "job workers inside `npm start` (0: leave the jobs to `npm run start:worker` processes)" },
  { names: ["JOB_LEASE_MS"], default: "`30000`", meaning: "how long a worker's claim lasts without a heartbeat" },
  { names: ["WORKER_CONCURRENCY", "WORKER_HEALTH_PORT"], default: "`2`, any free port", meaning: "`npm run start:worker`: workers in the process, its `/healthz` port" },
  { names: ["NODE_ENV"], default: "`development`", meaning: "`production`: no introspection and no explorer page (unless `GRAPHQL_INTROSPECTION=true`), no field-name suggestions in validation errors, no plain-http (loopback) redirect URIs for integrations, no dials of the p2p node to private addresses (unless `P2P_ALLOW_PRIVATE=true`); stack traces never leave the server in any mode" },
  { names: ["GRAPHQL_INTROSPECTION"], default: "`true`, or `false` in production", meaning: "schema introspection and the explorer page at `/graphql`" },
  { names: ["GATEWAY_DEDUPLICATE"], default: "`true`", meaning: "with the `lean` executor: a subgraph query asked while the same one is in flight — same subgraph, operation and variables, same caller's credentials, client address and kind of call — waits for that one's answer (a copy) instead of being sent again; mutations are always sent. `false`: every fetch is sent" },
  { names: ["GATEWAY_EXECUTOR"], default: "`lean`", meaning: "`lean`: the gateway runs query plans with its own executor (`gateway/execution/`: operation, plan and response shape prepared once, each distinct entity representation sent once per `_entities` fetch — an answer with errors is asked again as the stock gateway asks, so errors stay its own —, keep-alive pools, subgraphs in process in one-process mode); `stock`: @apollo/gateway's executor (for comparison)" },
  { names: ["GRAPHQL_MAX_DEPTH", "GRAPHQL_MAX_ALIASES", "GRAPHQL_MAX_ROOT_FIELDS"], default: "`12`, `15`, `10`", meaning: "largest nesting, number of aliases and number of root fields of one operation" },
  { names: ["GRAPHQL_MAX_TOKENS", "GRAPHQL_MAX_DIRECTIVES"], default: "`2000`, `30`", meaning: "largest operation text (in GraphQL tokens) and number of directives" },
  { names: ["GRAPHQL_MAX_COST", "GRAPHQL_DEFAULT_LIST_SIZE"], default: "`20000`, `20`", meaning: "largest estimated cost: each field 1, times the size of every list it sits in (its `limit` / `first` argument, inline or in a variable, else the default size)" },
  { names: ["WS_MAX_SUBSCRIPTIONS"], default: "`200`", meaning: "live subscriptions per WebSocket connection" },
  { names: ["SUBSCRIPTION_TOKEN_CHECK_SECONDS"], default: "`60`", meaning: "how long the full check of a design access token (signature, revocation, grant, team) is reused when the gateway re-reads a subscriber's state after an event; any revocation (token, grant, integration rejected) is announced on the bus and forgets every reused check at once and ends that token's subscriptions (so does the bus coming back from an outage); requests of the caller's own are always checked in full; it is also how long a subscriber of a field whose answers are alike across callers (`designChanged`) may take a teammate's answer to an event before it reads with its own credentials again; `0`: every subscriber reads every event with its own" },
  { names: ["SUPERGRAPH_FILE"], default: "—", meaning: "`npm run start:gateway` serves this supergraph SDL file (composed elsewhere, e.g. `npm run compose` in CI, or another project's benchmark graph) with the subgraph URLs it names, instead of composing the domains; see \"Serving a supergraph file\"" },
  { names: ["EMBEDDED_SUBGRAPH_PORTS"], default: "`internal`", meaning: "`configured`: `npm start` puts its subgraphs on their configured ports, so more gateways can use them; `internal`: on loopback ports of their own" },
  { names: ["EDGE_UPSTREAMS"], default: "—", meaning: "`npm run start:edge`: the gateways (base URLs, comma-separated: `http://gateway-a:4000,http://gateway-b:4000`) it spreads `PORT` over; each business service's own port (`AUTH_PORT`, …) goes to the same port of each gateway's host" },
  { names: ["REST_PORT", "GATEWAY_URL"], default: "`8080` / `http://127.0.0.1:$PORT/graphql`", meaning: "`npm run start:rest`: a REST adapter of its own (gateways serve the REST paths themselves)" },
  { names: ["DATABASE_CONNECT_TIMEOUT_MS"], default: "`5000`", meaning: "PostgreSQL: longest wait to open a connection or get one from the pool; past it the request answers 503" },
  { names: ["DATABASE_STATEMENT_TIMEOUT_MS"], default: "`15000`", meaning: "PostgreSQL: longest statement (`statement_timeout` on the server; the client gives up 1 s later on a connection gone silent); past it 503" },
  { names: ["REDIS_CONNECT_TIMEOUT_MS"], default: "`2000`", meaning: "Redis connect timeout (and the bus's publish bound); while Redis is away rate limits count per process and events are dropped with a warning" },
  { names: ["SHUTDOWN_GRACE_MS"], default: "`10000`", meaning: "on SIGTERM / SIGINT: how long requests in flight and running jobs may take to finish before connections are cut and leases given back (new requests meanwhile get 503)" },
];
