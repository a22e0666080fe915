// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { api, ask, del } from "./forum-fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "forum"])));
after(() => t.stop());

const QUESTION_FIELDS = ["acceptedAnswerId", "answerCount", "authorId", "authorName", "content", "createdAt", "downvotes", "id", "status", "tags",
  "title", "updatedAt", "upvotes", "viewCount"];
const questionRows = () => t.platform.runtime.db.prisma.forumQuestion.findMany({ orderBy: { id: "asc" } });

describe("forum questions over REST", () => {
  test("a signed-in user asks: 201, OPEN, documented camelCase fields, the author's name from accounts", async () => {
    const question = await ask(t.http, p.client, { tags: ["GraphQL", " federation ", "graphql"] });
    assert.deepEqual(Object.keys(question).sort(), QUESTION_FIELDS);
    assert.equal(question.status, "OPEN");
    assert.equal(question.authorId, p.client.userId);
    assert.equal(question.authorName, "Cleo Client");
    assert.deepEqual(question.tags, ["graphql", "federation"], "tags lower-cased, trimmed, without repeats");
    assert.deepEqual([question.upvotes, question.downvotes, question.answerCount, question.viewCount, question.acceptedAnswerId], [0, 0, 0, 0, null]);
  });

  test("anonymous callers cannot ask, edit or delete (401); reading needs no token", async () => {
    const question = await ask(t.http, p.client);
    const before = await questionRows();
    assert.equal((await t.http.post(api("/questions"), { title: "x", content: "y" })).status, 401);
    assert.equal((await t.http.put(api(`/questions/${question.id}`), { title: "mine now" })).status, 401);
    assert.equal((await del(t.http, `/questions/${question.id}`)).status, 401);
    assert.equal((await t.http.post(api("/questions"), { title: "x", content: "y" }, { token: "not-a-token" })).status, 401);
    assert.deepEqual(await questionRows(), before);
    const read = await t.http.get(api(`/questions/${question.id}`));
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.question.authorName, "Cleo Client", "author names are public");
    assert.equal((await t.http.get(api("/questions"))).status, 200);
  });

  test("GET /questions/{id}: { question, answers } and each read counts one view, atomically", async () => {
    const question = await ask(t.http, p.client);
    const first = await t.http.get(api(`/questions/${question.id}`));
    assert.deepEqual(Object.keys(first.body).sort(), ["answers", "question"]);
    assert.equal(first.body.question.viewCount, 1);
    assert.deepEqual(first.body.answers, []);
    await Promise.all(Array.from({ length: 10 }, () => t.http.get(api(`/questions/${question.id}`))));
    const last = await t.http.get(api(`/questions/${question.id}`));
    assert.equal(last.body.question.viewCount, 12);
    assert.equal(last.body.question.updatedAt, question.updatedAt, "views do not change updatedAt");
  });

  test("missing and invalid ids: 404 and 400", async () => {
    assert.deepEqual([(await t.http.get(api("/questions/999999"))).status, (await t.http.get(api("/questions/999999"))).body], [404, { error: "Question not found" }]);
    const invalid = await t.http.get(api("/questions/abc"));
    assert.deepEqual([invalid.status, invalid.body], [400, { field: "id", message: "Invalid question ID" }]);
    assert.equal((await t.http.put(api("/questions/999999"), { title: "x" }, { token: p.client.token })).status, 404);
    assert.equal((await del(t.http, "/questions/999999", p.client.token)).status, 404);
    assert.equal((await t.http.put(api("/questions/-1"), { title: "x" }, { token: p.client.token })).status, 400);
  });

  test("the author edits (absent fields kept); another user gets 403 and nothing changes; an ADMIN may", async () => {
    const question = await ask(t.http, p.client, { tags: ["a"] });
    const edited = await t.http.put(api(`/questions/${question.id}`), { title: "Better title" }, { token: p.client.token });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual([edited.body.title, edited.body.content, edited.body.tags], ["Better title", question.content, ["a"]]);
    assert.ok(edited.body.updatedAt > question.updatedAt);
    const before = await questionRows();
    const attack = await t.http.put(api(`/questions/${question.id}`), { title: "Hijacked" }, { token: p.otherClient.token });
    assert.deepEqual([attack.status, attack.body], [403, { error: "Forbidden: only the author or an admin can change this question" }]);
    const staff = await t.http.put(api(`/questions/${question.id}`), { title: "Staff edit" }, { token: p.staff.token });
    assert.equal(staff.status, 403, "STAFF is not a forum moderator");
    assert.equal((await del(t.http, `/questions/${question.id}`, p.otherClient.token)).status, 403);
    assert.deepEqual(await questionRows(), before);
    const admin = await t.http.put(api(`/questions/${question.id}`), { content: "Moderated", tags: [] }, { token: p.admin.token });
    assert.deepEqual([admin.status, admin.body.content, admin.body.tags, admin.body.authorId], [200, "Moderated", [], p.client.userId]);
  });

  test("the author deletes (200 with a message, answers go too); an ADMIN and the SUPERUSER may delete anyone's", async () => {
    const mine = await ask(t.http, p.client);
    await t.http.post(api(`/questions/${mine.id}/answers`), { content: "an answer" }, { token: p.otherClient.token });
    const deleted = await del(t.http, `/questions/${mine.id}`, p.client.token);
    assert.deepEqual([deleted.status, deleted.body], [200, { message: "Question deleted", id: mine.id }]);
    assert.equal((await t.http.get(api(`/questions/${mine.id}`))).status, 404);
    assert.equal(await t.platform.runtime.db.prisma.forumAnswer.count({ where: { questionId: mine.id } }), 0);
    for (const moderator of [p.admin, p.superuser]) {
      const theirs = await ask(t.http, p.otherClient);
      assert.equal((await del(t.http, `/questions/${theirs.id}`, moderator.token)).status, 200);
    }
  });

  test("limits: title 1–200, content 1–20000, at most 5 tags of 1–30 characters; a refusal changes nothing", async () => {
    const before = await questionRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: "t".repeat(201) }, "title"],
      [{ content: "c".repeat(20_001) }, "content"],
      [{ content: null }, "content"],
      [{ title: undefined }, "title"],
      [{ tags: ["a", "b", "c", "d", "e", "f"] }, "tags"],
      [{ tags: ["x".repeat(31)] }, "tags"],
      [{ tags: ["<script>"] }, "tags"],
      [{ tags: [""] }, "tags"],
      [{ tags: [1, 2] }, "tags"],
      [{ title: 42 }, "title"],
      [{ title: { $ne: 1 } }, "title"],
    ];
    for (const [change, field] of cases) {
      const body = { title: "Fine", content: "Fine", tags: ["ok"], ...change };
      const response = await t.http.post(api("/questions"), body, { token: p.client.token });
      assert.equal(response.status, 400, `${JSON.stringify(change).slice(0, 80)}: ${response.text}`);
      assert.equal(response.body.field, field, response.text);
    }
    const huge = await t.http.post(api("/questions"), { title: "Fine", content: "c".repeat(900_000) }, { token: p.client.token });
    assert.equal(huge.status, 400, huge.text);
    const question = await ask(t.http, p.client);
    const emptied = await t.http.put(api(`/questions/${question.id}`), { title: null }, { token: p.client.token });
    assert.deepEqual([emptied.status, emptied.body.field], [400, "title"]);
    assert.equal((await t.http.post(api("/questions"), "not json", { token: p.client.token, headers: { "content-type": "application/json" } })).status, 400);
    assert.equal((await t.http.post(api("/questions"), [1, 2], { token: p.client.token })).status, 400);
    const rows = await questionRows();
    assert.equal(rows.length, before.length + 1, "only the one valid question was stored");
    assert.equal(rows.at(-1)!.title, question.title);
    const exact = await ask(t.http, p.client, { title: "t".repeat(200), content: "c".repeat(20_000), tags: ["a", "b", "c", "d", "x".repeat(30)] });
    assert.equal(exact.title.length, 200);
  });

  test("the service answers directly on its own port, without the prefix, and GET /healthz says ok", async () => {
    const direct = t.direct("forum");
    const health = await direct.get("/healthz");
    assert.deepEqual([health.status, health.text], [200, "ok"]);
    const created = await direct.post("/questions", { title: "Direct", content: "On 8087" }, { token: p.client.token });
    assert.equal(created.status, 201, created.text);
    const read = await direct.get(`/questions/${created.body.id}`);
    assert.equal(read.body.question.title, "Direct");
    assert.equal((await direct.post("/questions", { title: "x", content: "y" })).status, 401);
    assert.equal((await direct.request("PATCH", `/questions/${created.body.id}`)).status, 405);
  });
});
