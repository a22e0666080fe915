// What the explorer opens on (until the user has written a query of their own, which GraphiQL keeps):
// an operation of this graph, and where the token it needs comes from.

/** The starter operation's name. */
export const STARTER_OPERATION = "Me";

// Lines of at most 50 characters: the whole comment shows beside the run button on a laptop's screen.
export const STARTER_QUERY = `# Both platforms in one graph: "Docs" (top
# left) lists every type and field.
#
# Most fields need a token. Put it in "Headers"
# below: {"Authorization": "Bearer <token>"}.
#
# Business platform (me, projects, invoices, …):
#   the token POST /api/auth/login-email-password
#   answers for {"email": …, "password": …}.
#   After \`npm run seed\`: demo-staff@example.com,
#   password Demo-Passw0rd.
# Design platform (designMe, designs, assets, …):
#   an OAuth access token with the scopes a field
#   names: /oauth/authorize, then /v1/oauth/token
#   (docs/api.md, "Design platform").
#
# With a business token, run this (▶, Ctrl+Enter):
query ${STARTER_OPERATION} {
  me {
    id
    name
    email
    roles
  }
}
`;
