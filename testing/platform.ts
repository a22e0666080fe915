import { appendFileSync } from "node:fs";
import { loadConfig, type Config } from "../lib/config.js";
import { startEmbedded, type EmbeddedPlatform } from "../platform/embedded.js";
import { createTestDatabase, testSettings } from "./database.js";
import { cachedComposition } from "./composition.js";
import { loadDomains } from "../subgraphs/catalog.js";
import { HttpClient } from "./http.js";
import type { DomainModule } from "../lib/modules/domain-module.js";
import { anyDirectPorts, restServicesWith } from "../rest-adapter/services.js";
import { anyDomainPorts } from "../lib/modules/topology.js";
import type { RestServicePart } from "../rest-adapter/route-table.js";

export interface TestPlatform {
  platform: EmbeddedPlatform;
  config: Config;
  /** The main port: `/graphql`, `/healthz`, `/api/...`. */
  http: HttpClient;
  /** Any service's direct port, by its name in the route files (`blog`, `forum`, …). */
  direct(service: string): HttpClient;
  stop(): Promise<void>;
}

/**
 * The domains of these names, for a platform of only what a test file uses. Each is loaded on its own
 * (subgraphs/catalog.ts), so a file loads no other domain's code (libp2p, pdf.js, canvas, stripe…).
 */
export const domainsNamed = (...names: string[]): Promise<DomainModule[]> => loadDomains(names);

/** What a test platform runs: domains by name, the modules themselves, or (absent) every domain. */
export type TestDomains = readonly string[] | readonly DomainModule[];

/** The business platform's base: accounts (its users sign in there). */
export const BUSINESS_DOMAINS = ["accounts"] as const;
/** The design platform's base: people sign up on accounts, integrations and tokens come from identity, designs show assets. */
export const DESIGN_DOMAINS = ["accounts", "identity", "assets", "designs"] as const;

async function resolveDomains(domains: TestDomains | undefined): Promise<readonly DomainModule[]> {
  if (!domains) return allDomains();
  return typeof domains[0] === "string" ? domainsNamed(...new Set(domains as readonly string[])) : (domains as readonly DomainModule[]);
}

/** Every domain of the graph (the registry). */
export const allDomains = async (): Promise<readonly DomainModule[]> => (await import("../subgraphs/registry.js")).DOMAINS;

/** The whole platform in this process on port 0, over a database no other test file uses. */
export async function startTestPlatform(
  env: Record<string, string> = {},
  domains?: TestDomains,
  options: {
    /** Reach the test database another way (through a fault proxy, say). */
    databaseUrl?: (direct: string) => string;
    /** REST routes of a domain outside the repository's folders. */
    restRoutes?: readonly RestServicePart[];
  } = {},
): Promise<TestPlatform> {
  const started = performance.now();
  const modules = await resolveDomains(domains);
  const restRoutes = options.restRoutes ?? [];
  const database = await createTestDatabase();
  const config = loadConfig(
    testSettings(
      database,
      {
        // Every test client calls from 127.0.0.1: per-address budgets are tested on their own, with their defaults lowered.
        ADDRESS_REGISTRATIONS_PER_HOUR: "100000",
        ADDRESS_CREDENTIAL_CHECKS_PER_MINUTE: "100000",
        // A production-mode platform would listen on fixed ports: tests running side by side take any free ones.
        ...anyDomainPorts(modules),
        ...env,
        PORT: "0",
        ...anyDirectPorts(restServicesWith(restRoutes)),
        HOST: "127.0.0.1",
      },
      database.databaseUrl && (options.databaseUrl?.(database.databaseUrl) ?? database.databaseUrl),
    ),
  );
  const platform = await startEmbedded(config, modules, { compose: cachedComposition, restRoutes });
  recordBoot(performance.now() - started);
  return {
    platform,
    config,
    http: new HttpClient(platform.main.url),
    direct: (service) => new HttpClient(platform.direct[service].url),
    async stop() {
      await platform.close();
      await database.drop();
    },
  };
}

/** The test runner's report of boot times (scripts/run-tests.ts sets where). */
function recordBoot(ms: number) {
  if (process.env.TEST_BOOT_LOG) appendFileSync(process.env.TEST_BOOT_LOG, `${JSON.stringify({ file: process.env.TEST_FILE, ms: Math.round(ms) })}\n`);
}

/**
 * The environment of an operator's command (`npm run oauth:client`, `keys:rotate`, …) run against the test
 * platform `t`: its origin as `PUBLIC_URL`, and the secret, issuer and audience its tokens are checked with.
 */
export function operatorToolEnv(t: TestPlatform): NodeJS.ProcessEnv {
  const { issuer, audience } = t.config.businessTokens;
  return { ...process.env, PUBLIC_URL: t.http.baseUrl, JWT_ISSUER: issuer, JWT_AUDIENCE: audience, DATA_DIR: t.config.dataDir, JWT_SECRET: t.config.jwtSecret!, LOG_LEVEL: "silent" };
}
