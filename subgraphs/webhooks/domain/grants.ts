import type { PrismaClient } from "../../../generated/prisma/client.js";
import { standingGrants, type StandingGrant } from "../../identity/public.js";
import { SCOPES_NEEDED, type EventKind } from "./kinds.js";

/** Whether a standing grant holds every scope events of `kind` need. */
export function grantCovers(grant: StandingGrant, kind: EventKind): boolean {
  return SCOPES_NEEDED[kind].every((scope) => grant.scopes.includes(scope));
}

/** Whether the user still authorizes the integration for events of `kind` (checked again before every send). */
export async function stillAuthorized(db: PrismaClient, userId: number, clientId: string, kind: EventKind): Promise<boolean> {
  const [grant] = await standingGrants(db, [userId], [clientId]);
  return Boolean(grant && grantCovers(grant, kind));
}
