import { designToken } from "./assets.js";
import type { HttpClient } from "./http.js";
import { approvedIntegration } from "./oauth.js";
import { startWithPeople, type People } from "./people.js";
import type { TestPlatform } from "./platform.js";

export const DESIGN_SCOPES = "design:meta:read design:content:read design:content:write";

export interface DesignPlatform {
  t: TestPlatform;
  p: People;
  /** The client's token with every design scope. */
  token: string;
  /** A member of the client's team (otherClient, moved into it), with every design scope. */
  teammate: string;
  /** Someone of another team (staff), with every design scope. */
  outsider: string;
  /** The client's token with `design:meta:read` only. */
  metaOnly: string;
}

/**
 * The design tests make many designs as one user, each run of twenty through a fresh integration:
 * the per-owner cap and the user's budget across integrations (tested on their own) are lifted here.
 */
const FRESH_BUDGETS = { INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000" };

/** A token of `person` with `scope`, through a fresh integration that may ask for every design scope (its own rate budget). */
export async function designScopedToken(http: HttpClient, p: People, person: People["client"], scope = DESIGN_SCOPES): Promise<string> {
  const integration = await approvedIntegration(http, p, `${DESIGN_SCOPES} asset:read asset:write`);
  return designToken(http, p, person, scope, integration);
}

/** A platform with its cast, two members of one team and an outsider, and their design tokens. */
export async function startDesignPlatform(env?: Record<string, string>): Promise<DesignPlatform> {
  const { t, p } = await startWithPeople({ ...FRESH_BUDGETS, ...env });
  const token = await designScopedToken(t.http, p, p.client);
  const teammate = await designScopedToken(t.http, p, p.otherClient);
  // Teams have no joining operation yet: the fixture moves the second client into the first one's team.
  const db = t.platform.runtime.db.prisma;
  const { teamId } = await db.teamMembership.findUniqueOrThrow({ where: { userId: p.client.userId } });
  await db.teamMembership.update({ where: { userId: p.otherClient.userId }, data: { teamId } });
  return {
    t,
    p,
    token,
    teammate,
    outsider: await designScopedToken(t.http, p, p.staff),
    metaOnly: await designScopedToken(t.http, p, p.client, "design:meta:read"),
  };
}
