// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, mock, test } from "node:test";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { designScopedToken, setPlan } from "../../testing/designs.js";
import { EVERY_SCOPE } from "../../testing/brand-templates.js";
import { base64Name, postUpload } from "../../testing/assets.js";
import { follow, wsClient } from "../../testing/subscriptions.js";
import { approvedIntegration, authorizeQuery, pkce } from "../../testing/oauth.js";

// Issue #48, finding 6: text PostgreSQL refuses (NUL; in jsonb an unpaired surrogate too) is bad input
// wherever it is sent, refused once by the gateway before any subgraph reads it.
const DOMAINS = ["accounts", "identity", "assets", "designs", "folders", "merges", "brand-templates"];
const SCOPES = `${EVERY_SCOPE} brandtemplate:content:write folder:read folder:write`;

let t: TestPlatform;
let p: People;
let token: string;
let designId: string;
let elementId: string;

const db = () => t.platform.runtime.db.prisma;

/** Every row a refused request could have written or changed. */
async function written() {
  return {
    designs: await db().design.findMany({ select: { id: true, title: true, version: true }, orderBy: { id: "asc" } }),
    elements: await db().designElement.count(),
    folders: await db().folder.count(),
    templates: await db().brandTemplate.count(),
    assets: await db().asset.count(),
    uploads: await db().assetUpload.count(),
    jobs: await db().job.count(),
  };
}

/** Runs `work` with the platform's error log watched: what it logged as errors. */
async function errorsLogged(work: () => Promise<void>): Promise<unknown[][]> {
  const logged = mock.method(t.platform.runtime.log, "error", () => {});
  try {
    await work();
    return logged.mock.calls.map((call) => call.arguments);
  } finally {
    logged.mock.restore();
  }
}

before(async () => {
  ({ t, p } = await startWithPeople({ INTEGRATIONS_PER_OWNER: "1000", RATE_LIMIT_USER_MULTIPLIER: "1000", JOB_WORKERS: "0" }, DOMAINS));
  token = await designScopedToken(t.http, p, p.client, SCOPES, SCOPES);
  await setPlan(t, p.client.userId, "enterprise");
  // A presentation: merges take no doc.
  const created = await t.http.post("/v1/designs", { design_type: { type: "preset", name: "presentation" }, title: "Plain" }, { token });
  assert.equal(created.status, 200, created.text);
  designId = created.body.design.id;
  const page = await db().designPage.findFirstOrThrow({ where: { designId } });
  const edit = await t.http.graphql(
    `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { createdElementIds } }`,
    { id: designId, ops: [{ addElement: { pageId: page.id, kind: "text", x: 0, y: 0, width: 100, height: 20, text: "Hello" } }] },
    token,
  );
  assert.equal(edit.body.errors, undefined, edit.text);
  elementId = edit.body.data.editDesign.createdElementIds[0];
});
after(() => t.stop());

const EDIT = `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { version } }`;

describe("text PostgreSQL cannot store, sent to the graph", () => {
  test("NUL in a variable of every domain: BAD_USER_INPUT naming the variable's path, nothing written, nothing logged as an error", async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ["editDesign title", EDIT, { id: designId, ops: [{ setTitle: "Roadmap\u0000" }] }, "ops[0].setTitle"],
      ["editDesign text", EDIT, { id: designId, ops: [{ updateElement: { elementId, text: "a\u0000b" } }] }, "ops[0].updateElement.text"],
      ["createFolder", `mutation($name: String!) { createFolder(name: $name, parentFolderId: "root") { id } }`, { name: "\u0000" }, "name"],
      ["publishBrandTemplate", `mutation($id: ID!, $title: String) { publishBrandTemplate(designId: $id, title: $title, fields: []) { id } }`, { id: designId, title: "T\u0000" }, "title"],
      ["designs(query)", `query($q: String) { designs(query: $q) { items { id } } }`, { q: "plan\u0000" }, "q"],
      ["createDesign", `mutation($input: CreateDesignInput!) { createDesign(input: $input) { id } }`, { input: { designType: { type: "preset", name: "doc" }, title: "\u0000" } }, "input.title"],
    ];
    const before = await written();
    const logged = await errorsLogged(async () => {
      for (const [label, query, variables, path] of cases) {
        const response = await t.http.graphql(query, variables, token);
        const error = response.body.errors?.[0];
        assert.equal(error?.extensions?.code, "BAD_USER_INPUT", `${label}: ${response.text}`);
        assert.ok(error.message.includes(`at "${path}"`) || error.message.startsWith(`Variable "$${path}"`), `${label}: ${error.message}`);
        assert.match(error.message, /must be free of NUL characters \(U\+0000\)$/, label);
        assert.ok(response.body.data == null, `${label}: nothing ran`);
      }
    });
    assert.deepEqual(logged, [], "a refusal of bad input is not an error of the platform");
    assert.deepEqual(await written(), before);
  });

  test("NUL in an inline string literal: BAD_USER_INPUT at its place in the operation, nothing written", async () => {
    const before = await written();
    const logged = await errorsLogged(async () => {
      const query = `mutation($id: ID!) { editDesign(designId: $id, operations: [{ setTitle: "a\\u0000b" }]) { version } }`;
      const edit = await t.http.graphql(query, { id: designId }, token);
      assert.equal(edit.body.errors?.[0]?.extensions?.code, "BAD_USER_INPUT", edit.text);
      assert.equal(edit.body.errors[0].message, `String value "a\\u0000b" must be free of NUL characters (U+0000)`);
      assert.deepEqual(edit.body.errors[0].locations, [{ line: 1, column: query.indexOf(`"a`) + 1 }]);
      const folder = await t.http.graphql(`mutation { createFolder(name: """raw\u0000""", parentFolderId: "root") { id } }`, {}, token);
      assert.equal(folder.body.errors?.[0]?.extensions?.code, "BAD_USER_INPUT", folder.text);
    });
    assert.deepEqual(logged, []);
    assert.deepEqual(await written(), before);
  });

  test("over graphql-ws: a subscription's variable holding NUL is refused the same way, nothing logged as an error", async () => {
    const client = wsClient(t.http.baseUrl, token);
    try {
      const logged = await errorsLogged(async () => {
        const followed = follow(client, `subscription($id: ID!) { designChanged(designId: $id) { version } }`, { id: `${designId}\u0000` });
        const { error } = await followed.ended;
        const errors = (error as { message: string; extensions?: Record<string, unknown> }[] | undefined) ?? followed.results[0]?.errors;
        assert.equal(errors?.[0]?.extensions?.code, "BAD_USER_INPUT", JSON.stringify({ error, results: followed.results }));
        assert.match(errors[0].message, /^Variable "\$id" got invalid value ".*"; must be free of NUL characters \(U\+0000\)$/);
      });
      assert.deepEqual(logged, []);
    } finally {
      await client.dispose();
    }
  });

  test("an unpaired surrogate (Prisma's engine refuses it before PostgreSQL) is refused the same way; a surrogate pair is text like any other", async () => {
    const before = await written();
    for (const title of ["\ud800", "a\udc00b"]) {
      const response = await t.http.graphql(EDIT, { id: designId, ops: [{ setTitle: title }] }, token);
      assert.equal(response.body.errors?.[0]?.extensions?.code, "BAD_USER_INPUT", response.text);
      assert.match(response.body.errors[0].message, /at "ops\[0\]\.setTitle"; must be well-formed Unicode \(no unpaired surrogate\)$/);
    }
    const paired = await t.http.graphql(EDIT, { id: designId, ops: [{ setTitle: "Plain \ud83d\ude00" }] }, token);
    assert.equal(paired.body.errors, undefined, "a character outside the BMP (a surrogate pair) is text like any other");
    await t.http.graphql(EDIT, { id: designId, ops: [{ setTitle: "Plain" }] }, token);
    assert.deepEqual((await written()).designs.length, before.designs.length);
  });
});

describe("text PostgreSQL cannot store, sent to the REST paths", () => {
  test("POST /v1/designs, /v1/folders, /v1/merges, /v1/autofills and GET /v1/designs?query: 400 invalid_field naming the field, nothing written", async () => {
    const cases: [string, string, unknown, string][] = [
      ["POST", "/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "a\u0000" }, "title must be free of NUL characters (U+0000)"],
      ["POST", "/v1/folders", { name: "\u0000", parent_folder_id: "root" }, "name must be free of NUL characters (U+0000)"],
      ["POST", "/v1/merges", { type: "create_new_design", title: "m\u0000", operations: [{ type: "insert_pages", source: { type: "design", design_id: designId, page_numbers: [1] } }] }, "title must be free of NUL characters (U+0000)"],
      ["GET", "/v1/designs?query=a%00b", undefined, "query must be free of NUL characters (U+0000)"],
      // A member's name inside free-form JSON (the autofill data scalar) is text too.
      ["POST", "/v1/autofills", { brand_template_id: "x", data: { "head\u0000line": { type: "text", text: "Hi" } } }, "data must be free of NUL characters (U+0000)"],
      ["POST", "/v1/autofills", { brand_template_id: "x", data: { headline: { type: "text", text: "\ud83d" } } }, "data.headline.text must be well-formed Unicode (no unpaired surrogate)"],
    ];
    const before = await written();
    const logged = await errorsLogged(async () => {
      for (const [method, path, body, message] of cases) {
        const response = await t.http.request(method, path, { body, token });
        assert.deepEqual([response.status, response.body], [400, { code: "invalid_field", message }], `${method} ${path}: ${response.text}`);
      }
    });
    assert.deepEqual(logged, []);
    assert.deepEqual(await written(), before);
  });

  test("the OAuth authorization page (GET and its sign-in form): a parameter holding NUL is a 400 page naming the parameter, in the form's words", async () => {
    const logged = await errorsLogged(async () => {
      for (const [query, name] of [["client_id=x%00&response_type=code", "client_id"], ["client_id=x&response_type=code&state=s%00", "state"]]) {
        const response = await t.http.get(`/oauth/authorize?${query}`);
        assert.equal(response.status, 400, query);
        assert.match(response.text, new RegExp(`<p class="error">${name} must be free of NUL characters \\(U\\+0000\\)</p>`), response.text);
      }
      // The sign-in form posted to the page: its email reaches the graph as a variable too.
      const query = authorizeQuery(await approvedIntegration(t.http, p, "design:meta:read"), "design:meta:read", pkce().challenge);
      const form = new URLSearchParams({ ...Object.fromEntries(query), email: "a\u0000@example.com", password: "x", decision: "approve" });
      const signIn = await t.http.request("POST", "/oauth/authorize", { body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
      assert.equal(signIn.status, 400, signIn.text);
      assert.match(signIn.text, /email must be free of NUL characters \(U\+0000\)/);
    });
    assert.deepEqual(logged, []);
  });

  test("an upload's file name given in its header (Asset-Upload-Metadata name_base64) holding NUL: 400 before a byte is stored", async () => {
    const before = await written();
    const response = await postUpload(t.http, token, Buffer.from("not read"), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("photo\u0000.png") }) });
    assert.deepEqual([response.status, response.body], [400, { code: "invalid_field", message: "name must be free of NUL characters (U+0000)" }], response.text);
    assert.deepEqual(await written(), before);
  });
});
