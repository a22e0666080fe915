import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import type { Resolvers } from "../__generated__/resolvers-types.js";
import { me } from "./Query/me.js";
import { myIdentities } from "./Query/myIdentities.js";
import { user } from "./Query/user.js";
import { users } from "./Query/users.js";
import { userIdByEmail } from "./Query/userIdByEmail.js";
import { pendingEmailVerification } from "./Query/pendingEmailVerification.js";
import { confirmEmailVerification } from "./Mutation/confirmEmailVerification.js";
import { requestEmailVerification } from "./Mutation/requestEmailVerification.js";
import { demoteRole } from "./Mutation/demoteRole.js";
import { linkIdentity } from "./Mutation/linkIdentity.js";
import { loginWithBlockchain } from "./Mutation/loginWithBlockchain.js";
import { loginWithEmailPassword } from "./Mutation/loginWithEmailPassword.js";
import { promoteRole } from "./Mutation/promoteRole.js";
import { registerWithBlockchain } from "./Mutation/registerWithBlockchain.js";
import { registerWithEmailPassword } from "./Mutation/registerWithEmailPassword.js";
import { requestBlockchainChallenge } from "./Mutation/requestBlockchainChallenge.js";
import { unlinkIdentity } from "./Mutation/unlinkIdentity.js";
import { User } from "./User.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { me, myIdentities, users, user, userIdByEmail, pendingEmailVerification },
  Mutation: {
    registerWithEmailPassword,
    registerWithBlockchain,
    requestBlockchainChallenge,
    loginWithEmailPassword,
    loginWithBlockchain,
    linkIdentity,
    unlinkIdentity,
    requestEmailVerification,
    confirmEmailVerification,
    promoteRole,
    demoteRole,
  },
  User,
};
