// @tier contract
// @depends postgres, redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { statementsFor } from "../../../testing/statements.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { answer, api, ask } from "./forum-fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "forum"])));
after(() => t.stop());

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const list = async (query: string) => {
  const response = await t.http.get(api(`/questions?${query}`));
  assert.equal(response.status, 200, response.text);
  return response.body;
};

describe("GET /questions: filters, sorting, pages", () => {
  test("tag and status filters; sort newest (default), votes, unanswered", async () => {
    const tag = "sorting-test";
    const old = await ask(t.http, p.client, { tags: [tag] });
    const popular = await ask(t.http, p.client, { tags: [tag, "other"] });
    const fresh = await ask(t.http, p.otherClient, { tags: [tag] });
    await ask(t.http, p.client, { tags: ["unrelated"] });
    await t.http.post(api(`/questions/${popular.id}/vote`), { voteType: 1 }, { token: p.otherClient.token });
    await t.http.post(api(`/questions/${popular.id}/vote`), { voteType: 1 }, { token: p.staff.token });
    await t.http.post(api(`/questions/${fresh.id}/vote`), { voteType: -1 }, { token: p.staff.token });
    const given = await answer(t.http, p.staff, old.id);
    await answer(t.http, p.staff, fresh.id);
    await t.http.post(api(`/answers/${given.id}/accept`), {}, { token: p.client.token });

    assert.deepEqual(ids(await list(`tag=${tag}`)), [fresh.id, popular.id, old.id]);
    assert.deepEqual(ids(await list(`tag=${tag}&sort=newest`)), [fresh.id, popular.id, old.id]);
    assert.deepEqual(ids(await list(`tag=${tag}&sort=votes`)), [popular.id, old.id, fresh.id]);
    assert.deepEqual(ids(await list(`tag=${tag}&sort=unanswered`)), [popular.id, fresh.id, old.id]);
    assert.deepEqual(ids(await list(`tag=${tag.toUpperCase()}&status=ANSWERED`)), [old.id]);
    assert.deepEqual(ids(await list(`tag=${tag}&status=OPEN`)), [fresh.id, popular.id]);
    assert.deepEqual(ids(await list("tag=nobody-uses-this")), []);
    const listed = (await list(`tag=${tag}`))[0];
    assert.equal(listed.authorName, "Otto Other");
  });

  test("limit (default 20, at most 100) and offset page through the list", async () => {
    const tag = "paging-test";
    const asked = [];
    const authors = [p.client, p.otherClient, p.staff, p.admin]; // each well within FORUM_POSTS_PER_HOUR
    for (let i = 0; i < 25; i++) asked.push(await ask(t.http, authors[i % 4], { title: `Page ${i}`, tags: [tag] }));
    const newestFirst = ids(asked).reverse();
    assert.deepEqual(ids(await list(`tag=${tag}`)), newestFirst.slice(0, 20));
    assert.deepEqual(ids(await list(`tag=${tag}&limit=10&offset=20`)), newestFirst.slice(20, 25));
    assert.deepEqual(ids(await list(`tag=${tag}&limit=100`)), newestFirst);
    assert.deepEqual(ids(await list(`tag=${tag}&limit=1&offset=3`)), [newestFirst[3]]);
  });

  test("bad list parameters: 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      ["limit=0", "limit"], ["limit=101", "limit"], ["limit=abc", "limit"], ["limit=-5", "limit"], ["limit=1.5", "limit"],
      ["limit=99999999999999", "limit"], ["offset=-1", "offset"], ["offset=x", "offset"], ["offset=100001", "offset"],
      ["sort=best", "sort"], ["sort=", "sort"], ["status=open", "status"], ["status=DELETED", "status"],
      ["tag=%3Cscript%3E", "tag"], [`tag=${"x".repeat(31)}`, "tag"], ["limit=1&limit=2", "limit"],
    ];
    for (const [query, field] of cases) {
      const response = await t.http.get(api(`/questions?${query}`));
      assert.deepEqual([response.status, response.body.field], [400, field], `${query}: ${response.text}`);
    }
  });
});

describe("the forum in the graph", () => {
  test("Question.author, Answer.author and verifiedBy are accounts users; User.questions pages a user's questions", async () => {
    const question = await ask(t.http, p.otherClient, { title: "Graph question" });
    const given = await answer(t.http, p.staff, question.id, "Graph answer");
    await t.http.post(api(`/answers/${given.id}/verify`), {}, { token: p.admin.token });
    const response = await t.http.graphql(
      `query($id: ID!) { question(id: $id) { title author { id name } answers { content author { name } verifiedBy { name } question { id } } } }`,
      { id: question.id },
    );
    assert.deepEqual(response.body, {
      data: { question: { title: "Graph question", author: { id: p.otherClient.userId, name: "Otto Other" },
        answers: [{ content: "Graph answer", author: { name: "Sam Staff" }, verifiedBy: { name: "Ada Admin" }, question: { id: question.id } }] } },
    });
    await ask(t.http, p.otherClient, { title: "Second" });
    const mine = await t.http.graphql(`{ me { name questions(limit: 2) { title } later: questions(limit: 1, offset: 1) { title } } }`, {}, p.otherClient.token);
    assert.deepEqual(mine.body.data.me, { name: "Otto Other", questions: [{ title: "Second" }, { title: "Graph question" }], later: [{ title: "Graph question" }] });
    const bad = await t.http.graphql(`{ me { questions(limit: 500) { id } } }`, {}, p.otherClient.token);
    assert.equal(bad.body.errors?.[0].extensions.code, "BAD_USER_INPUT");
  });

  test("anonymous callers see an author's name and nothing else of the account", async () => {
    const question = await ask(t.http, p.client);
    const named = await t.http.graphql(`query($id: ID!) { question(id: $id) { author { id name } } }`, { id: question.id });
    assert.deepEqual(named.body, { data: { question: { author: { id: p.client.userId, name: "Cleo Client" } } } });
    for (const field of ["email", "roles", "createdAt", "identities { id }"]) {
      const hidden = await t.http.graphql(`query($id: ID!) { question(id: $id) { author { ${field} } } }`, { id: question.id });
      assert.equal(hidden.body.errors?.[0].extensions.code, "UNAUTHENTICATED", `${field}: ${JSON.stringify(hidden.body)}`);
      assert.equal(JSON.stringify(hidden.body).includes(p.client.email), false);
    }
    const stranger = await t.http.graphql(`query($id: ID!) { question(id: $id) { author { email } } }`, { id: question.id }, p.otherClient.token);
    assert.equal(stranger.body.errors?.[0].extensions.code, "FORBIDDEN", "another user's email stays private to signed-in users too");
    const forged = await t.http.graphql(`query($id: ID!) { question(id: $id) { author { name } } }`, { id: question.id }, "garbage");
    assert.equal(forged.body.errors?.[0].extensions.code, "UNAUTHENTICATED", "a bad token is refused, not treated as anonymous");
  });

  test("the same operations as mutations, with the same rules", async () => {
    const created = await t.http.graphql(
      `mutation { createQuestion(input: { title: "By graph", content: "body", tags: ["g"] }) { id status author { name } } }`, {}, p.client.token);
    const id = created.body.data.createQuestion.id;
    assert.deepEqual(created.body.data.createQuestion, { id, status: "OPEN", author: { name: "Cleo Client" } });
    const hijack = await t.http.graphql(`mutation($id: ID!) { updateQuestion(id: $id, input: { title: "mine" }) { id } }`, { id }, p.otherClient.token);
    assert.equal(hijack.body.errors?.[0].extensions.code, "FORBIDDEN");
    const anonymous = await t.http.graphql(`mutation($id: ID!) { voteQuestion(id: $id, voteType: 1) { upvotes } }`, { id });
    assert.equal(anonymous.body.errors?.[0].extensions.code, "UNAUTHENTICATED");
    const voted = await t.http.graphql(`mutation($id: ID!) { voteQuestion(id: $id, voteType: 1) { upvotes score } }`, { id }, p.otherClient.token);
    assert.deepEqual(voted.body.data.voteQuestion, { upvotes: 1, score: 1 });
    const page = await t.http.graphql(`{ questions(tag: "g", limit: 5) { totalCount limit offset items { id } } }`);
    assert.deepEqual(page.body.data.questions, { totalCount: 1, limit: 5, offset: 0, items: [{ id }] });
    const close = await t.http.graphql(`mutation($id: ID!) { closeQuestion(id: $id) { status } }`, { id }, p.client.token);
    assert.equal(close.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("50 questions with authors and answers cost the same number of SQL statements as 5", async () => {
    const db = t.platform.runtime.db.prisma;
    const people = [p.client, p.otherClient, p.staff, p.admin];
    const seed = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const question = await db.forumQuestion.create({ data: { title: `Seeded ${i}`, content: "c", authorId: people[i % 4].userId, tags: ["seeded"] } });
        await db.forumAnswer.createMany({ data: [0, 1].map((k) => ({ questionId: question.id, content: `a${k}`, authorId: people[(i + k + 1) % 4].userId })) });
      }
    };
    const query = `{ questions(tag: "seeded", limit: 100) { items { title author { name } answers { content author { name } } } } }`;
    await seed(5);
    const small = await statementsFor(t, query, p.client.token);
    await seed(45);
    const large = await statementsFor(t, query, p.client.token);
    assert.equal(large.data.questions.items.length, 50);
    assert.ok(large.data.questions.items.every((q: any) => q.author.name && q.answers.length === 2 && q.answers.every((a: any) => a.author.name)));
    assert.equal(large.statements, small.statements, `5 questions: ${small.statements} statements, 50: ${large.statements}`);
    const users = `{ me { questions(limit: 100) { title } } admin: user(id: ${p.admin.userId}) { questions { title answers { author { name } } } } }`;
    const perUser = await statementsFor(t, users, p.superuser.token);
    assert.ok(perUser.statements <= 10, `${perUser.statements} statements`);
    console.log(`# SQL statements: 5 questions → ${small.statements}, 50 questions → ${large.statements}`);
  });
});

const FOLLOW = `subscription($questionId: ID!) { questionActivity(questionId: $questionId) {
  questionId kind answer { id content isAccepted upvotes author { name } } question { status upvotes answerCount acceptedAnswerId } } }`;

describe("live questions over graphql-ws", () => {
  test("anyone follows a question: its state first, then each answer, vote, accept and the closing", async () => {
    const question = await ask(t.http, p.client);
    const client = wsClient(t.http.baseUrl);
    const followed = follow(client, FOLLOW, { questionId: question.id });
    await followed.received(1);
    const data = (n: number) => followed.results[n].data.questionActivity;
    assert.deepEqual(data(0), { questionId: question.id, kind: null, answer: null, question: { status: "OPEN", upvotes: 0, answerCount: 0, acceptedAnswerId: null } });

    const given = await answer(t.http, p.otherClient, question.id, "live");
    await followed.received(2);
    assert.deepEqual([data(1).kind, data(1).answer.content, data(1).answer.author.name, data(1).question.answerCount], ["ANSWERED", "live", "Otto Other", 1]);

    await t.http.post(api(`/questions/${question.id}/vote`), { voteType: 1 }, { token: p.staff.token });
    await followed.received(3);
    assert.deepEqual([data(2).kind, data(2).question.upvotes, data(2).answer], ["QUESTION_VOTED", 1, null]);

    await t.http.post(api(`/answers/${given.id}/vote`), { voteType: 1 }, { token: p.staff.token });
    await followed.received(4);
    assert.deepEqual([data(3).kind, data(3).answer.id, data(3).answer.upvotes], ["ANSWER_VOTED", given.id, 1]);

    await t.http.post(api(`/answers/${given.id}/accept`), {}, { token: p.client.token });
    await followed.received(5);
    assert.deepEqual([data(4).kind, data(4).answer.isAccepted, data(4).question.status, data(4).question.acceptedAnswerId], ["ACCEPTED", true, "ANSWERED", given.id]);

    await t.http.post(api(`/questions/${question.id}/close`), {}, { token: p.admin.token });
    await followed.received(6);
    assert.deepEqual([data(5).kind, data(5).question.status], ["CLOSED", "CLOSED"]);

    const other = await ask(t.http, p.client);
    await answer(t.http, p.otherClient, other.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(followed.results.length, 6, "another question's activity is not sent");
    followed.stop();
    await client.dispose();
  });

  test("answers at the same moment arrive as separate messages; a missing question ends the stream with 404", async () => {
    const question = await ask(t.http, p.client);
    const client = wsClient(t.http.baseUrl, p.client.token);
    const followed = follow(client, FOLLOW, { questionId: question.id });
    await followed.received(1);
    const burst = await Promise.all(Array.from({ length: 5 }, (_v, i) => answer(t.http, i % 2 ? p.staff : p.otherClient, question.id, `burst ${i}`)));
    await followed.received(6);
    assert.deepEqual(followed.results.slice(1).map((r) => r.data.questionActivity.answer.id).sort(), ids(burst).sort());
    followed.stop();
    const missing = follow(client, FOLLOW, { questionId: 999999 });
    await missing.ended;
    assert.equal(missing.results[0]?.errors?.[0]?.extensions?.code, "NOT_FOUND", JSON.stringify(missing.results));
    await client.dispose();
    const twin = await t.http.graphql(`query($q: ID!) { questionActivity(questionId: $q, activityId: "bogus") { kind } }`, { q: question.id });
    assert.equal(twin.body.errors?.[0].extensions.code, "BAD_USER_INPUT");
  });

  test("numbers past 2^31−1 in an activity id, an id, a page or a vote are never a 500", async () => {
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    const exact = await t.http.graphql(`query { questionActivity(questionId: 1, activityId: "ANSWERED:9999999999") { kind } }`);
    assert.notEqual(exact.status, 500, exact.text);
    assert.equal(JSON.stringify(exact.body).includes("INTERNAL_SERVER_ERROR"), false, exact.text);
    const activity = `query($q: ID!, $a: ID) { questionActivity(questionId: $q, activityId: $a) { kind answer { id } } }`;
    for (const kind of ["ANSWERED", "ANSWER_VOTED", "ACCEPTED"]) {
      const past = await t.http.graphql(activity, { q: question.id, a: `${kind}:9999999999` });
      assert.deepEqual([past.status, past.body], [200, { data: { questionActivity: { kind, answer: null } } }], "not one of the question's activities");
    }
    const known = await t.http.graphql(activity, { q: question.id, a: `ANSWERED:${given.id}` });
    assert.deepEqual(known.body.data.questionActivity, { kind: "ANSWERED", answer: { id: given.id } });
    const tooLong = await t.http.graphql(activity, { q: question.id, a: "ANSWERED:99999999999" });
    assert.equal(tooLong.body.errors?.[0].extensions.code, "BAD_USER_INPUT");
    const graph: [string, Record<string, unknown>][] = [
      [`query($id: ID!) { answer(id: $id) { id } }`, { id: "9999999999" }],
      [`query($id: ID!) { question(id: $id) { id } }`, { id: "2147483648" }],
      [`query($q: ID!) { questionActivity(questionId: $q) { kind } }`, { q: "9999999999" }],
      [`{ questions(limit: 9999999999) { totalCount } }`, {}],
      [`{ questions(offset: 2147483647) { totalCount } }`, {}],
      [`mutation($id: ID!) { voteQuestion(id: $id, voteType: 9999999999) { id } }`, { id: question.id }],
      [`mutation($id: ID!) { voteAnswer(id: $id, voteType: 1) { id } }`, { id: "9999999999" }],
    ];
    for (const [query, variables] of graph) {
      const response = await t.http.graphql(query, variables, p.client.token);
      assert.ok(response.status < 500 && response.body.errors?.length, `${query}: ${response.status} ${response.text}`);
      assert.match(response.body.errors[0].extensions.code, /^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)$/, response.text);
    }
    assert.equal((await t.http.get(api("/questions/9999999999"))).status, 400);
    assert.equal((await t.http.get(api("/questions/99999999999999999999999"))).status, 400);
    for (const path of ["/questions/9999999999/answers", "/questions/2147483648/vote", "/answers/9999999999/vote", "/answers/9999999999/accept"]) {
      const response = await t.http.post(api(path), { content: "x", voteType: 1 }, { token: p.client.token });
      assert.equal(response.status, 400, `${path}: ${response.text}`);
    }
  });
});
