// @tier contract
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { base64url, SignJWT } from "jose";
import { handSignedToken, legacyToken } from "../../testing/business-tokens.js";
import { startWithPeople, type People, type Person } from "../../testing/people.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { registerAndLogin } from "../../testing/accounts.js";

/**
 * Tokens the business platform's own auth service minted before the cut-over (HS256 under the shared
 * JWT_SECRET, the seed's claims `user_id`, `userId`, `email`, `roles`, `exp`, and no `iss` or `aud`) keep
 * working on every business service, on REST and on the graph, until LEGACY_BUSINESS_TOKENS ends them.
 */
const BUSINESS = ["accounts", "work", "payments", "blog", "forum"];

let t: TestPlatform;
let p: People;
/** The cast's legacy tokens, minted as the old auth service did (with the roles it knew then). */
const old: Record<"client" | "staff" | "admin", string> = { client: "", staff: "", admin: "" };

before(async () => {
  ({ t, p } = await startWithPeople({}, BUSINESS));
  old.client = await legacyToken(t.config, { ...p.client, roles: ["CLIENT"] });
  old.staff = await legacyToken(t.config, { ...p.staff, roles: ["CLIENT", "STAFF"] });
  old.admin = await legacyToken(t.config, { ...p.admin, roles: ["CLIENT", "ADMIN"] });
});
after(() => t.stop());

const stamp = () => `${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The answer's first error code, or `ok`. */
async function graphOutcome(query: string, token: string, variables: Record<string, unknown> = {}): Promise<string> {
  const response = await t.http.graphql(query, variables, token);
  return response.body.errors?.[0]?.extensions?.code ?? "ok";
}

/** A refused token: 401 on a REST path of every business service and UNAUTHENTICATED on the graph. */
async function assertRefusedEverywhere(token: string, what: string, platform: TestPlatform = t): Promise<void> {
  const paths = platform === t ? ["/api/auth/profile", "/api/work/project-requests", "/api/payment/invoices", "/api/blog/community/my-blogs", "/api/forum/questions/1/vote"] : ["/api/auth/profile"];
  for (const path of paths) {
    const response = path.endsWith("/vote") ? await platform.http.post(path, { voteType: 1 }, { token }) : await platform.http.get(path, { token });
    assert.equal(response.status, 401, `${what}: ${path} ${response.text}`);
  }
  const graph = await platform.http.graphql(`{ me { id } }`, {}, token);
  assert.equal(graph.body.errors?.[0]?.extensions?.code, "UNAUTHENTICATED", `${what}: ${graph.text}`);
  assert.equal(graph.body.errors?.[0]?.extensions?.http?.status, 401, what);
}

describe("a token minted by the old auth service reads and writes through every business service", () => {
  test("accounts: the profile on the gateway prefix and the direct port; an ADMIN's role changes", async () => {
    const profile = await t.http.get("/api/auth/profile", { token: old.client });
    assert.equal(profile.status, 200, profile.text);
    assert.equal(profile.body.id, p.client.userId);
    const direct = await t.direct("auth").get("/profile", { token: old.client });
    assert.deepEqual([direct.status, direct.body.id], [200, p.client.userId]);
    assert.equal((await t.http.get("/api/auth/identities", { token: old.client })).status, 200);

    const promoted = await t.http.post("/api/auth/admin/users/promote-role", { userId: p.otherClient.userId, role: "STAFF" }, { token: old.admin });
    assert.equal(promoted.status, 200, promoted.text);
    const demoted = await t.http.post("/api/auth/admin/users/demote-role", { userId: p.otherClient.userId, role: "STAFF" }, { token: old.admin });
    assert.equal(demoted.status, 200, demoted.text);
    assert.equal((await t.http.get("/api/auth/admin/users", { token: old.admin })).status, 200);
  });

  test("work: a client requests a project and reads it; STAFF creates a project and a task", async () => {
    const request = await t.http.post("/api/work/project-requests", { name: `Legacy ${stamp()}`, description: "from an old token" }, { token: old.client });
    assert.equal(request.status, 201, request.text);
    assert.equal(request.body.requestedBy, p.client.userId);
    const mine = await t.http.get("/api/work/project-requests", { token: old.client });
    assert.ok(mine.body.some((project: { id: number }) => project.id === request.body.id), mine.text);

    const project = await t.direct("work").post("/projects", { name: `Staff ${stamp()}`, clientId: p.client.userId }, { token: old.staff });
    assert.equal(project.status, 201, project.text);
    const task = await t.http.post("/api/work/tasks", { projectId: project.body.id, title: "Carry on" }, { token: old.staff });
    assert.equal(task.status, 201, task.text);
    const read = await t.http.get(`/api/work/projects/${project.body.id}`, { token: old.client });
    assert.deepEqual([read.status, read.body.id], [200, project.body.id]);
  });

  test("payments: STAFF issues an invoice, its client reads it", async () => {
    const invoice = await t.http.post("/api/payment/invoices", { invoiceNumber: `L-${stamp()}`, clientId: p.client.userId, amount: 42 }, { token: old.staff });
    assert.equal(invoice.status, 201, invoice.text);
    const own = await t.direct("payment").get(`/invoices/${invoice.body.id}`, { token: old.client });
    assert.deepEqual([own.status, own.body.clientId], [200, p.client.userId]);
    const listed = await t.http.get("/api/payment/invoices", { token: old.client });
    assert.ok(listed.body.some((row: { id: number }) => row.id === invoice.body.id), listed.text);
  });

  test("blog: a community post written, listed among the author's, edited", async () => {
    const slug = `legacy-${stamp()}`;
    const body = { slug, title: "Still signed in", tags: ["cut-over"], short_description: "Old token", content: "Written with a token of the old service." };
    const created = await t.http.post("/api/blog/community/blogs", body, { token: old.client });
    assert.equal(created.status, 201, created.text);
    const mine = await t.direct("blog").get("/community/my-blogs", { token: old.client });
    assert.ok(mine.body.some((blog: { slug: string }) => blog.slug === created.body.slug), mine.text);
    const edited = await t.http.put(`/api/blog/community/blogs/${created.body.slug}`, { ...body, title: "Edited" }, { token: old.client });
    assert.equal(edited.status, 200, edited.text);
  });

  test("forum: a question asked, answered by STAFF, voted on, its answer accepted", async () => {
    const question = await t.http.post("/api/forum/questions", { title: "Does my old token work?", content: "It was minted before the cut-over.", tags: ["auth"] }, { token: old.client });
    assert.equal(question.status, 201, question.text);
    assert.equal(question.body.authorId, p.client.userId);
    const answer = await t.direct("forum").post(`/questions/${question.body.id}/answers`, { content: "It does." }, { token: old.staff });
    assert.equal(answer.status, 201, answer.text);
    assert.equal((await t.http.post(`/api/forum/answers/${answer.body.id}/vote`, { voteType: 1 }, { token: old.client })).status, 200);
    const accepted = await t.http.post(`/api/forum/answers/${answer.body.id}/accept`, undefined, { token: old.client });
    assert.equal(accepted.status, 200, accepted.text);
  });

  test("the graph: `me`, a query and a mutation of each business domain", async () => {
    const me = await t.http.graphql(`{ me { id email roles } }`, {}, old.staff);
    assert.deepEqual(me.body.data?.me, { id: p.staff.userId, email: p.staff.email, roles: ["CLIENT", "STAFF"] }, me.text);
    assert.equal(await graphOutcome(`{ pendingProjects { id } }`, old.staff), "ok");
    assert.equal(await graphOutcome(`{ invoices { id } }`, old.client), "ok");
    assert.equal(await graphOutcome(`{ myCommunityBlogs { slug } }`, old.client), "ok");
    const asked = await t.http.graphql(`mutation($input: QuestionInput!) { createQuestion(input: $input) { id authorId } }`, { input: { title: "Asked on the graph", content: "With an old token.", tags: [] } }, old.client);
    assert.equal(asked.body.data?.createQuestion.authorId, p.client.userId, asked.text);
  });
});

describe("what a legacy token says is checked as the seed's services check it, and no more is trusted", () => {
  test("roles come from the database: a stale SUPERUSER claim opens nothing, a promotion needs no new token", async () => {
    const boastful = await legacyToken(t.config, { ...p.client, roles: ["SUPERUSER", "ADMIN", "STAFF"] });
    assert.equal((await t.http.get("/api/auth/admin/users", { token: boastful })).status, 403);
    assert.equal((await t.http.get("/api/work/workorders", { token: boastful })).status, 403);
    const me = await t.http.graphql(`{ me { roles } }`, {}, boastful);
    assert.deepEqual(me.body.data?.me.roles, ["CLIENT"]);

    const modest = await legacyToken(t.config, { ...p.otherClient, roles: ["CLIENT"] });
    assert.equal((await t.http.get("/api/work/workorders", { token: modest })).status, 403);
    await t.http.post("/api/auth/admin/users/promote-role", { userId: p.otherClient.userId, role: "STAFF" }, { token: p.superuser.token });
    try {
      assert.equal((await t.http.get("/api/work/workorders", { token: modest })).status, 200, "the stored STAFF role counts");
    } finally {
      await t.http.post("/api/auth/admin/users/demote-role", { userId: p.otherClient.userId, role: "STAFF" }, { token: p.superuser.token });
    }
    assert.equal((await t.http.get("/api/work/workorders", { token: modest })).status, 403, "and a demotion at once");
  });

  test("either id claim is enough, as both carry the user id; two that disagree are refused", async () => {
    for (const claims of [{ userId: null }, { user_id: null }]) {
      const token = await legacyToken(t.config, p.client, claims);
      assert.equal((await t.http.get("/api/auth/profile", { token })).body.id, p.client.userId, JSON.stringify(claims));
    }
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { userId: p.admin.userId }), "user_id and userId disagree");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { user_id: null, userId: null }), "no user id");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { user_id: String(p.client.userId), userId: String(p.client.userId) }), "a user id that is not a number");
  });

  test("expiry is enforced: an expired token is 'Token expired'; no exp, or a lifetime the old service never gave, is refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await legacyToken(t.config, p.client, { iat: now - 25 * 3600, exp: now - 3600 });
    const rest = await t.http.get("/api/auth/profile", { token: expired });
    assert.deepEqual([rest.status, rest.body], [401, { error: "Token expired" }]);
    await assertRefusedEverywhere(expired, "expired");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { exp: null }), "no exp");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { iat: now, exp: now + 30 * 24 * 3600 }), "a 30-day lifetime");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { iat: null, exp: now + 3 * 24 * 3600 }), "no iat and an expiry three days away");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, { nbf: now + 3600 }), "not valid before an hour from now");
  });

  test("alg none, any algorithm but HS256, another secret are refused", async () => {
    const claims = { user_id: p.client.userId, userId: p.client.userId, email: p.client.email, roles: ["SUPERUSER"], iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 };
    const unsigned = `${base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }))}.${base64url.encode(JSON.stringify(claims))}.`;
    await assertRefusedEverywhere(unsigned, "alg none");
    for (const alg of ["HS384", "HS512"]) {
      await assertRefusedEverywhere(await legacyToken(t.config, p.client, {}, { header: { alg, typ: "JWT" } }), alg);
    }
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    await assertRefusedEverywhere(await new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).sign(privateKey), "RS256 under a key of its own");
    await assertRefusedEverywhere(await legacyToken(t.config, p.client, {}, { secret: "a-secret-nobody-shares-with-us-0123456789" }), "another secret");
  });

  test("a wrong iss or aud when present is refused; one without the other is neither the seed's token nor ours", async () => {
    for (const [what, claims] of [
      ["another issuer", { iss: "https://elsewhere.example.com" }],
      ["another audience", { aud: "design-platform" }],
      ["our issuer without an audience", { iss: t.config.businessTokens.issuer }],
      ["our audience without an issuer", { aud: t.config.businessTokens.audience }],
    ] as const) {
      await assertRefusedEverywhere(await legacyToken(t.config, p.client, claims), what);
    }
    const ours = await handSignedToken(t.config, { user_id: p.client.userId, userId: p.client.userId, roles: ["CLIENT"] });
    assert.equal((await t.http.get("/api/auth/profile", { token: ours })).status, 200, "with both of ours it is one of our tokens");
  });

  test("a legacy token is never an operator's: an operator claim is ignored, an operator token without iss and aud refused", async () => {
    const operatorish = await legacyToken(t.config, p.client, { operator: true, sub: "operator" });
    const profile = await t.http.get("/api/auth/profile", { token: operatorish });
    assert.deepEqual([profile.status, profile.body.id], [200, p.client.userId], "the user it names, with that user's rights");
    const now = Math.floor(Date.now() / 1000);
    const bareOperator = await handSignedToken(t.config, { operator: true, sub: "operator", iat: now, exp: now + 60, iss: null, aud: null });
    await assertRefusedEverywhere(bareOperator, "an operator token without iss and aud");
  });

  test("the attacker's view: a token for a user the accounts do not hold is refused, whatever roles it claims", async () => {
    const users = await t.platform.runtime.db.prisma.user.aggregate({ _max: { id: true } });
    const nobody = (users._max.id ?? 0) + 1000;
    await assertRefusedEverywhere(await legacyToken(t.config, { userId: nobody, roles: ["SUPERUSER"] }), "a user id nobody has");
    await assertRefusedEverywhere(await legacyToken(t.config, { userId: 0, roles: ["SUPERUSER"] }), "user id 0");
  });
});

describe("LEGACY_BUSINESS_TOKENS ends acceptance after the cut-over", () => {
  const platforms: TestPlatform[] = [];
  after(() => Promise.all(platforms.map((platform) => platform.stop())));

  async function platformWith(setting: string): Promise<{ platform: TestPlatform; person: Person }> {
    const platform = await startTestPlatform({ LEGACY_BUSINESS_TOKENS: setting }, ["accounts"]);
    platforms.push(platform);
    await registerAndLogin(platform.http); // the initial SUPERUSER
    return { platform, person: await registerAndLogin(platform.http) };
  }

  test("`off`: refused on REST and the graph; tokens the platform issues still work", async () => {
    const { platform, person } = await platformWith("off");
    await assertRefusedEverywhere(await legacyToken(platform.config, person), "off", platform);
    assert.equal((await platform.http.get("/api/auth/profile", { token: person.token })).status, 200);
  });

  test("a date in the past: refused from then on; a date ahead: accepted until it comes", async () => {
    const { platform, person } = await platformWith(new Date(Date.now() - 60_000).toISOString());
    await assertRefusedEverywhere(await legacyToken(platform.config, person), "past the date", platform);
    assert.equal((await platform.http.get("/api/auth/profile", { token: person.token })).status, 200);

    const later = await platformWith("2999-01-01");
    assert.equal((await later.platform.http.get("/api/auth/profile", { token: await legacyToken(later.platform.config, later.person) })).status, 200);
  });

  test("a value that is neither on, off nor a date stops the start, naming the setting", async () => {
    await assert.rejects(startTestPlatform({ LEGACY_BUSINESS_TOKENS: "sometimes" }, ["accounts"]), /LEGACY_BUSINESS_TOKENS/);
  });
});
