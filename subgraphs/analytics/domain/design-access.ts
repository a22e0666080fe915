import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { requireDesignPrincipal } from "../../../lib/auth/request-auth.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors.js";
import { isResourceId } from "../../../lib/validation.js";
import type { AnalyticsContext } from "../context.js";

/** A design of the designs domain, known here by key. */
export interface DesignKey {
  id: string;
}

/**
 * The caller, once they may read the analytics of `designId`: a well-formed id (`BAD_USER_INPUT`),
 * a plan holding `analytics` (`FORBIDDEN`), and a design of their own team (another team's design
 * and an unknown one are the same `NOT_FOUND`).
 */
export async function analyticsReader(ctx: AnalyticsContext, designId: string): Promise<DesignPrincipal> {
  const principal = requireDesignPrincipal(ctx.auth);
  if (!isResourceId(designId)) throw new ValidationError("designId", "designId does not match expected format");
  if (!(await ctx.loaders.capabilitiesByTeam.load(principal.teamId)).includes("analytics")) {
    throw new ForbiddenError("Reading design analytics needs the `analytics` capability, which the caller's plan does not hold", { reason: "MISSING_CAPABILITY" });
  }
  if ((await ctx.loaders.designTeamById.load(designId)) !== principal.teamId) {
    throw new NotFoundError("Design not found or analytics are not available for this design", { entity: "design" });
  }
  return principal;
}

/** An optional link id as the lists take it: well-formed or refused (`BAD_USER_INPUT` naming `field`). */
export function optionalLinkId(linkId: string | null | undefined, field: string): string | undefined {
  if (linkId === undefined || linkId === null) return undefined;
  if (!isResourceId(linkId)) throw new ValidationError(field, `${field} does not match expected format`);
  return linkId;
}
