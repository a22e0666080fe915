import type { Resolvers } from "../__generated__/resolvers-types.js";
import { appSigningKeys } from "./Query/appSigningKeys.js";
import { authorizationPrompt } from "./Query/authorizationPrompt.js";
import { designCapabilities } from "./Query/designCapabilities.js";
import { designMe } from "./Query/designMe.js";
import { designProfileName } from "./Query/designProfileName.js";
import { integration } from "./Query/integration.js";
import { integrationsAwaitingReview } from "./Query/integrationsAwaitingReview.js";
import { myIntegrations } from "./Query/myIntegrations.js";
import { oidcSigningKeys } from "./Query/oidcSigningKeys.js";
import { userInfo } from "./Query/userInfo.js";
import { webhookSigningKeys } from "./Query/webhookSigningKeys.js";
import { approveAuthorization } from "./Mutation/approveAuthorization.js";
import { exchangeOAuthToken } from "./Mutation/exchangeOAuthToken.js";
import { introspectOAuthToken } from "./Mutation/introspectOAuthToken.js";
import { registerIntegration } from "./Mutation/registerIntegration.js";
import { reviewIntegration } from "./Mutation/reviewIntegration.js";
import { revokeOAuthToken } from "./Mutation/revokeOAuthToken.js";
import { rotateSigningKeys } from "./Mutation/rotateSigningKeys.js";
import { setTeamPlan } from "./Mutation/setTeamPlan.js";
import { Integration } from "./Integration.js";
import { Team } from "./Team.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  Query: {
    appSigningKeys,
    authorizationPrompt,
    designCapabilities,
    designMe,
    designProfileName,
    integration,
    integrationsAwaitingReview,
    myIntegrations,
    oidcSigningKeys,
    userInfo,
    webhookSigningKeys,
  },
  Mutation: {
    approveAuthorization,
    exchangeOAuthToken,
    introspectOAuthToken,
    registerIntegration,
    reviewIntegration,
    revokeOAuthToken,
    rotateSigningKeys,
    setTeamPlan,
  },
  Integration,
  Team,
  User,
};
