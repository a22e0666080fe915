import type { Resolvers } from "../__generated__/resolvers-types.js";
import { oidcSigningKeys } from "./Query/oidcSigningKeys.js";
import { webhookSigningKeys } from "./Query/webhookSigningKeys.js";
import { setTeamPlan } from "./Mutation/setTeamPlan.js";
import { Team } from "./Team.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  Query: { oidcSigningKeys, webhookSigningKeys },
  Mutation: { setTeamPlan },
  Team,
  User,
};
