import { pick, type RestRequest, type RestService } from "../route-table.js";

const USER_FIELDS = "id name email roles createdAt";
const IDENTITY_FIELDS = "id userId type identifier isPrimaryLogin createdAt";

/** A verification token from the link's query or the body; anything else is refused by the operation as an invalid link. */
const tokenOf = (value: unknown) => (typeof value === "string" ? value : "");

/** The auth service of the business platform: `/api/auth/...` and, on AUTH_PORT, `/...`. */
export default {
  name: "auth",
  prefix: "/api/auth",
  directPort: { variable: "AUTH_PORT", port: 8082 },
  routes: [
    {
      method: "POST",
      path: "/register-email-password",
      operation: `mutation Register($input: RegisterEmailPasswordInput!) {
        registerWithEmailPassword(input: $input) { message userId } }`,
      variables: ({ body }) => ({ input: pick(body, ["email", "password", "name", "bootstrapSecret"]) }),
      body: (data) => data.registerWithEmailPassword,
      status: 201,
    },
    {
      method: "POST",
      path: "/register-blockchain",
      operation: `mutation RegisterBlockchain($input: RegisterBlockchainInput!) {
        registerWithBlockchain(input: $input) { message userId } }`,
      variables: ({ body }) => ({ input: pick(body, ["address", "signature", "message", "name", "bootstrapSecret"]) }),
      body: (data) => data.registerWithBlockchain,
      status: 201,
    },
    {
      method: "POST",
      path: "/blockchain-challenge",
      operation: `mutation Challenge($address: String!) {
        requestBlockchainChallenge(address: $address) { nonce message expiresAt } }`,
      variables: ({ body }) => pick(body, ["address"]),
      body: (data) => data.requestBlockchainChallenge,
      status: 201,
    },
    {
      method: "POST",
      path: "/login-email-password",
      operation: `mutation Login($input: LoginEmailPasswordInput!) { loginWithEmailPassword(input: $input) { token } }`,
      variables: ({ body }) => ({ input: pick(body, ["email", "password"]) }),
      body: (data) => data.loginWithEmailPassword,
    },
    {
      method: "POST",
      path: "/login-blockchain",
      operation: `mutation LoginBlockchain($input: LoginBlockchainInput!) { loginWithBlockchain(input: $input) { token } }`,
      variables: ({ body }) => ({ input: pick(body, ["address", "signature", "message"]) }),
      body: (data) => data.loginWithBlockchain,
    },
    {
      method: "GET",
      path: "/profile",
      operation: `query Profile { me { ${USER_FIELDS} } }`,
      body: (data) => data.me,
    },
    {
      method: "GET",
      path: "/identities",
      operation: `query Identities { myIdentities { ${IDENTITY_FIELDS} } }`,
      body: (data) => data.myIdentities,
    },
    {
      method: "POST",
      path: "/link-identity",
      operation: `mutation Link($input: LinkIdentityInput!) { linkIdentity(input: $input) { message } }`,
      variables: ({ body }) => ({ input: pick(body, ["type", "email", "password", "address", "signature", "message"]) }),
      body: (data) => data.linkIdentity,
      status: 201,
    },
    {
      method: "POST",
      path: "/unlink-identity",
      operation: `mutation Unlink($identityId: Int!) { unlinkIdentity(identityId: $identityId) { message } }`,
      variables: ({ body }) => pick(body, ["identityId"]),
      body: (data) => data.unlinkIdentity,
    },
    {
      method: "POST",
      path: "/request-email-verification",
      operation: `mutation RequestEmailVerification { requestEmailVerification { message email expiresAt } }`,
      body: (data) => data.requestEmailVerification,
      status: 201,
    },
    ...(["GET", "POST"] as const).map((method) => ({
      method,
      path: "/verify-email",
      operation: `mutation ConfirmEmail($token: String!) { confirmEmailVerification(token: $token) { message } }`,
      variables: ({ query, body }: RestRequest) => ({ token: tokenOf(method === "GET" ? query.token : body.token) }),
      body: (data: Record<string, unknown>) => data.confirmEmailVerification,
    })),
    {
      method: "GET",
      path: "/admin/users",
      operation: `query Users { users { ${USER_FIELDS} } }`,
      body: (data) => data.users,
    },
    {
      method: "POST",
      path: "/admin/users/promote-role",
      operation: `mutation Promote($userId: Int!, $role: Role!) { promoteRole(userId: $userId, role: $role) { message } }`,
      variables: ({ body }) => pick(body, ["userId", "role"]),
      body: (data) => data.promoteRole,
    },
    {
      method: "POST",
      path: "/admin/users/demote-role",
      operation: `mutation Demote($userId: Int!, $role: Role!) { demoteRole(userId: $userId, role: $role) { message } }`,
      variables: ({ body }) => pick(body, ["userId", "role"]),
      body: (data) => data.demoteRole,
    },
  ],
} satisfies RestService;
