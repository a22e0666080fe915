// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../testing/accounts.js";
import fixture from "../../testing/fixture-domain/module.js";
import { domainsNamed, startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { composeForTests } from "../../testing/query-plans.js";
import { loadRouteFile, REST_SERVICES } from "../services.js";

// The fixture domain's folder holds its schema, module (resolvers included) and REST route file;
// it is handed to the platform as it is, and nothing else in the repository knows of it.
const ROUTE_FILE = new URL("../../testing/fixture-domain/rest.ts", import.meta.url);

let t: TestPlatform;
let token: string;

before(async () => {
  const domains = [...(await domainsNamed("accounts")), fixture];
  t = await startTestPlatform({}, domains, { restRoutes: [await loadRouteFile(ROUTE_FILE)] });
  ({ token } = await registerAndLogin(t.http));
});
after(() => t.stop());

describe("a domain from its folder alone: graph, gateway and REST adapter", () => {
  test("it composes into the supergraph beside the domain whose entity it references", async () => {
    const sdl = await composeForTests([...(await domainsNamed("accounts")), fixture]);
    assert.match(sdl, /addNote\(board: String!, text: String!\): Note!/);
    assert.match(sdl, /join__graph\(name: "fixture-notes"/);
  });

  test("the gateway serves its fields, and resolves the other domain's entity it points to", async () => {
    const added = await t.http.graphql(`mutation { addNote(board: "graph", text: "hello") { text author { email } } }`, {}, token);
    assert.equal(added.body.data?.addNote.text, "hello", added.text);
    assert.match(added.body.data.addNote.author.email, /@/);
  });

  test("its REST paths answer under their prefix on the main port and bare on the service's own port", async () => {
    const created = await t.http.post("/api/notes/boards/rest/notes", { text: "over REST" }, { token });
    assert.deepEqual([created.status, created.body], [201, { text: "over REST" }]);
    const board = { name: "rest", notes: [{ text: "over REST" }] };
    assert.deepEqual((await t.http.get("/api/notes/boards/rest")).body, board);
    assert.deepEqual((await t.direct("notes").get("/boards/rest")).body, board);
  });

  test("its errors take its platform's shape; the route files' services are untouched by it", async () => {
    const refused = await t.http.post("/api/notes/boards/rest/notes", { text: "" }, { token });
    assert.deepEqual([refused.status, refused.body], [400, { field: "text", message: "text must be 1 to 200 characters" }]);
    assert.equal((await t.http.post("/api/notes/boards/rest/notes", { text: "x" })).status, 401);
    assert.equal(REST_SERVICES.some((service) => service.name === "notes"), false);
  });
});
