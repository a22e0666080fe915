import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { RoleName } from "../lib/auth/business-token.js";
import { loadConfig } from "../lib/config.js";
import { contextOf, type DomainContext } from "../lib/modules/domain-module.js";
import { settingsOf } from "../lib/modules/serve-domain.js";
import { createDataRuntime, type DataRuntime } from "../lib/runtime.js";
import { createTestDatabase, testSettings } from "./database.js";
import { domainsNamed } from "./platform.js";

export interface DomainUnderTest<Context> {
  runtime: DataRuntime;
  db: PrismaClient;
  /** The domain's request context for a signed-in business user, as its resolvers get it (no HTTP, no gateway). */
  as(user: { id: number; roles?: RoleName[] }): Context;
  /** A user row to act as (the business platform's users table). */
  user(roles?: RoleName[]): Promise<{ id: number; roles: RoleName[] }>;
  stop(): Promise<void>;
}

/**
 * One domain over a database of its own, called the way its resolvers call it: for unit tests of a
 * domain's rules (votes, workflows, states, quotas) without HTTP. Settings as `startTestPlatform` takes them.
 */
export async function domainUnderTest<Context = DomainContext<unknown, unknown>>(name: string, env: Record<string, string> = {}): Promise<DomainUnderTest<Context>> {
  const database = await createTestDatabase();
  const config = loadConfig(testSettings(database, env));
  const runtime = await createDataRuntime(config);
  const [module] = await domainsNamed(name);
  const dependencies = module.dependencies(runtime, settingsOf(module, runtime));
  const db = runtime.db.prisma;
  let users = 0;
  return {
    runtime,
    db,
    as: ({ id, roles = ["CLIENT"] }) =>
      contextOf(module, dependencies, { status: "authenticated", principal: { kind: "business", userId: id, email: null, name: null, roles } }, { clientAddress: "127.0.0.1", subscriptionEvent: false }) as Context,
    async user(roles = ["CLIENT"]) {
      const email = `unit-${++users}-${randomBytes(4).toString("hex")}@example.com`;
      const created = await db.user.create({ data: { email, name: `User ${users}`, roles } });
      return { id: created.id, roles };
    },
    async stop() {
      await runtime.close();
      await database.drop();
    },
  };
}
