import type { PrismaClient } from "../db/database.js";
import type { Bus, Unsubscribe } from "../pubsub.js";
import type { RoleName } from "./business-token.js";

/** Bus channel on which a change of a user's roles is announced to every process. */
export const ROLES_CHANGED = "accounts.roles-changed";

interface Entry {
  roles: Promise<RoleName[] | null>;
  expiresAt: number;
}

/**
 * A business user's roles as stored now, not as their token says: a demoted STAFF or ADMIN loses
 * those rights on their next request in every subgraph. Each process keeps the answer for
 * `cacheMs` and drops it as soon as the accounts domain announces a change on the bus.
 */
export class CurrentRoles {
  private readonly entries = new Map<number, Entry>();
  private unsubscribe: Unsubscribe | undefined;

  private readonly prisma: PrismaClient;
  private readonly bus: Bus;
  private readonly cacheMs: number;

  constructor(
    prisma: PrismaClient,
    bus: Bus,
    cacheMs: number,
  ) {
    this.prisma = prisma;
    this.bus = bus;
    this.cacheMs = cacheMs;
  }

  /** Starts hearing changes announced by other processes. */
  async listen(): Promise<void> {
    // Changes announced while the bus was away were missed: nothing cached before the outage is trusted.
    if (!this.unsubscribe) this.bus.onReconnect(() => this.entries.clear());
    this.unsubscribe ??= await this.bus.subscribe(ROLES_CHANGED, (message: { userId?: unknown }) => {
      if (typeof message?.userId === "number") this.entries.delete(message.userId);
    });
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.entries.clear();
  }

  /** The user's roles now; `null` when the user no longer exists. */
  rolesOf(userId: number): Promise<RoleName[] | null> {
    const now = Date.now();
    const cached = this.entries.get(userId);
    if (cached && cached.expiresAt > now) return cached.roles;
    const roles = this.prisma.user
      .findUnique({ where: { id: userId }, select: { roles: true } })
      .then((user) => (user ? (user.roles as RoleName[]) : null));
    this.entries.set(userId, { roles, expiresAt: now + this.cacheMs });
    roles.catch(() => this.entries.delete(userId));
    if (this.entries.size > 50_000) this.entries.delete(this.entries.keys().next().value!);
    return roles;
  }

  /** Announces that a user's roles changed (after the change committed): this process forgets at once, others on the bus. */
  async changed(userId: number): Promise<void> {
    this.entries.delete(userId);
    await this.bus.publish(ROLES_CHANGED, { userId });
  }
}
