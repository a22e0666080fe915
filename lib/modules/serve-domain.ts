import type { GraphQLSchema } from "graphql";
import { designTokenVerifier } from "../auth/design-token.js";
import { RememberedTokenChecks } from "../auth/token-revocations.js";
import { authenticate, withCurrentRoles } from "../auth/request-auth.js";
import { buildDomainSchema } from "../graphql/schema-builder.js";
import { serveSubgraph, type RunningSubgraph } from "../graphql/subgraph-server.js";
import { mountFileRoutes, type UploadReceiver } from "../storage/file-routes.js";
import type { DataRuntime } from "../runtime.js";
import { mountMetrics } from "../metrics/endpoint.js";
import { contextOf, type DomainModule } from "./domain-module.js";

/** The schema a domain serves: its platform's auth directives and its documented rate limits enforced. */
export function domainSchema(module: DomainModule, runtime: DataRuntime): GraphQLSchema {
  return buildDomainSchema({ ...module, rateLimiting: { limiters: runtime.limiters, userMultiplier: runtime.config.designUserRateMultiplier } });
}

/** A domain's settings, read once per process through the runtime's settings reader. */
export function settingsOf(module: DomainModule, runtime: DataRuntime): unknown {
  return module.settings?.(runtime.config.settings);
}

/** Every domain's upload receiver, for the process that hosts the platform's file routes. */
function uploadReceivers(domains: readonly DomainModule[], runtime: DataRuntime): UploadReceiver[] {
  return domains.flatMap((domain) => (domain.uploads ? [domain.uploads(runtime, settingsOf(domain, runtime))] : []));
}

/**
 * Serves one domain's subgraph on `port` (0 picks a free one); every request's token is verified here.
 * The domain that `servesFiles` also answers the platform's signed file URLs, for every domain in `domains`.
 */
export async function startDomain(module: DomainModule, runtime: DataRuntime, port: number, domains: readonly DomainModule[] = [module]): Promise<RunningSubgraph> {
  const settings = settingsOf(module, runtime);
  const dependencies = module.dependencies(runtime, settings);
  await module.start?.(dependencies);
  let server: RunningSubgraph;
  try {
    server = await serveDomain(module, runtime, port, domains, settings, dependencies);
  } catch (error) {
    await module.stop?.(dependencies);
    throw error;
  }
  if (!module.stop) return server;
  const close = server.close.bind(server);
  return {
    ...server,
    async close() {
      await close();
      await module.stop!(dependencies);
    },
  };
}

/** One per process: the design-token checks subscription re-executions reuse (see RememberedTokenChecks). */
const rememberedChecks = new WeakMap<DataRuntime, Promise<RememberedTokenChecks>>();

function rememberedChecksOf(runtime: DataRuntime): Promise<RememberedTokenChecks> {
  let remembered = rememberedChecks.get(runtime);
  if (!remembered) {
    const checks = new RememberedTokenChecks(designTokenVerifier(runtime), runtime.config.subscriptionTokenCheckMs);
    remembered = checks.start(runtime.bus).then(() => checks);
    rememberedChecks.set(runtime, remembered);
  }
  return remembered;
}

async function serveDomain(module: DomainModule, runtime: DataRuntime, port: number, domains: readonly DomainModule[], settings: unknown, dependencies: unknown): Promise<RunningSubgraph> {
  // Design domains also take the design platform's OAuth access tokens (business tokens open their `@policy` fields).
  const designTokens = module.platform === "design" ? designTokenVerifier(runtime) : undefined;
  // The gateway re-reading a subscriber's state after an event reuses the token's full check until a revocation is announced.
  const remembered = designTokens ? (await rememberedChecksOf(runtime)).check : undefined;
  return serveSubgraph({
    name: module.name,
    schema: domainSchema(module, runtime),
    log: runtime.log,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    internalCalls: runtime.internalCalls,
    protection: runtime.config,
    readiness: runtime.readiness,
    port,
    host: runtime.config.subgraphHost,
    routes: (app) => {
      mountMetrics(app, runtime.config.metrics);
      if (module.servesFiles) mountFileRoutes(app, runtime.files, uploadReceivers(domains, runtime));
      module.routes?.(app, runtime, settings);
    },
    context: async (request) => {
      const auth = await withCurrentRoles(await authenticate(request.authorization, runtime.tokens, request.subscriptionEvent ? remembered : designTokens), (userId) => runtime.roles.rolesOf(userId));
      return contextOf(module, dependencies, auth, request);
    },
  });
}
