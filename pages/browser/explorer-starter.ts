// What the explorer opens on (until the user has written a query of their own, which GraphiQL keeps):
// an operation of this graph, and where the token it needs comes from.

/** The starter operation's name. */
export const STARTER_OPERATION = "Me";

export const STARTER_QUERY = `# The graph of both platforms: "Docs" (top left) lists every type and field.
#
# Most fields need a token, sent from "Headers" below as "Authorization": "Bearer <token>":
#  - business platform (me, projects, invoices, forum, …): the token that
#    POST /api/auth/login-email-password answers ({ "email": …, "password": … });
#    \`npm run seed\` makes demo-staff@example.com with the password Demo-Passw0rd;
#  - design platform (designMe, designs, assets, …): an OAuth access token with the scopes a
#    field names, from /oauth/authorize and /v1/oauth/token (docs/api.md, "Design platform").
#
# With a business token in Headers, run this (▶ or Ctrl+Enter):
query ${STARTER_OPERATION} {
  me {
    id
    name
    email
    roles
  }
}
`;
