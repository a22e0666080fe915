import type { RestService } from "../../rest-adapter/route-table.js";

/** The fixture domain's REST paths: a business-platform service like any route file's, with a port of its own. */
export default {
  name: "notes",
  prefix: "/api/notes",
  directPort: { variable: "FIXTURE_NOTES_PORT", port: 4098 },
  routes: [
    {
      method: "GET",
      path: "/boards/:name",
      operation: `query($name: String!) { board(name: $name) { name notes { text } } }`,
      variables: ({ params }) => ({ name: params.name }),
      body: (d) => d.board,
    },
    {
      method: "POST",
      path: "/boards/:name/notes",
      status: 201,
      operation: `mutation($board: String!, $text: String!) { addNote(board: $board, text: $text) { text } }`,
      variables: ({ params, body }) => ({ board: params.name, text: body.text }),
      body: (d) => d.addNote,
    },
  ],
} satisfies RestService;
