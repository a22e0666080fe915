import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { TeamResolvers } from "../__generated__/resolvers-types.js";
import { capabilitiesOf } from "../domain/teams.js";

export const Team: TeamResolvers = {
  /** A design-platform caller sees its own team only (an asset's owner team, say). */
  __resolveReference: (ref, ctx) => {
    if (ctx.auth.status === "design") return ctx.auth.principal.teamId === ref.id ? ctx.loaders.teamById.load(ref.id) : null;
    requirePrincipal(ctx.auth);
    return ctx.loaders.teamById.load(ref.id);
  },
  capabilities: (team) => capabilitiesOf(team.plan),
};
