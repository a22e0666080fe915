import { requirePrincipal } from "../../../lib/auth/request-auth.js";
import type { TeamResolvers } from "../__generated__/resolvers-types.js";
import { capabilitiesOf } from "../domain/teams.js";

export const Team: TeamResolvers = {
  __resolveReference: (ref, ctx) => {
    requirePrincipal(ctx.auth);
    return ctx.loaders.teamById.load(ref.id);
  },
  capabilities: (team) => capabilitiesOf(team.plan),
};
