// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../../testing/accounts.js";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { answer, api, ask, del } from "./forum-fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "forum"])));
after(() => t.stop());

const ANSWER_FIELDS = ["authorId", "authorName", "content", "createdAt", "downvotes", "id", "isAccepted", "isVerified", "questionId", "updatedAt",
  "upvotes", "verifiedAt", "verifiedBy"];
const read = async (id: number) => (await t.http.get(api(`/questions/${id}`))).body;
const db = () => t.platform.runtime.db.prisma;

describe("answers", () => {
  test("a signed-in user answers: 201 with the documented fields; the question counts it; anonymous 401", async () => {
    const question = await ask(t.http, p.client);
    const created = await answer(t.http, p.otherClient, question.id);
    assert.deepEqual(Object.keys(created).sort(), ANSWER_FIELDS);
    assert.deepEqual([created.questionId, created.authorName, created.isAccepted, created.isVerified, created.verifiedBy], [question.id, "Otto Other", false, false, null]);
    assert.equal((await t.http.post(api(`/questions/${question.id}/answers`), { content: "anon" })).status, 401);
    const thread = await read(question.id);
    assert.equal(thread.question.answerCount, 1);
    assert.deepEqual(thread.answers.map((a: any) => a.id), [created.id]);
  });

  test("invalid answers: 400 naming the field, 404 for a missing question, nothing stored", async () => {
    const question = await ask(t.http, p.client);
    const cases: [unknown, string][] = [[{}, "content"], [{ content: "" }, "content"], [{ content: "x".repeat(20_001) }, "content"], [{ content: 5 }, "content"]];
    for (const [body, field] of cases) {
      const response = await t.http.post(api(`/questions/${question.id}/answers`), body, { token: p.otherClient.token });
      assert.deepEqual([response.status, response.body.field], [400, field], response.text);
    }
    const missing = await t.http.post(api("/questions/999999/answers"), { content: "hi" }, { token: p.otherClient.token });
    assert.deepEqual([missing.status, missing.body], [404, { error: "Question not found" }]);
    const badId = await t.http.post(api("/questions/x/answers"), { content: "hi" }, { token: p.otherClient.token });
    assert.deepEqual([badId.status, badId.body], [400, { field: "id", message: "Invalid question ID" }]);
    assert.equal(await db().forumAnswer.count({ where: { questionId: question.id } }), 0);
  });

  test("the author or an ADMIN edits and deletes an answer; anyone else 403 and nothing changes", async () => {
    const question = await ask(t.http, p.client);
    const mine = await answer(t.http, p.otherClient, question.id);
    const edited = await t.http.put(api(`/answers/${mine.id}`), { content: "Edited" }, { token: p.otherClient.token });
    assert.deepEqual([edited.status, edited.body.content], [200, "Edited"]);
    for (const intruder of [p.client, p.staff]) {
      const attempt = await t.http.put(api(`/answers/${mine.id}`), { content: "Hijacked" }, { token: intruder.token });
      assert.deepEqual([attempt.status, attempt.body], [403, { error: "Forbidden: only the author or an admin can change this answer" }]);
      assert.equal((await del(t.http, `/answers/${mine.id}`, intruder.token)).status, 403);
    }
    assert.equal((await db().forumAnswer.findUnique({ where: { id: mine.id } }))!.content, "Edited");
    assert.equal((await t.http.put(api(`/answers/${mine.id}`), { content: "By admin" }, { token: p.admin.token })).status, 200);
    assert.equal((await t.http.put(api("/answers/999999"), { content: "x" }, { token: p.admin.token })).status, 404);
    const deleted = await del(t.http, `/answers/${mine.id}`, p.otherClient.token);
    assert.deepEqual([deleted.status, deleted.body], [200, { message: "Answer deleted", id: mine.id }]);
    assert.equal((await read(question.id)).question.answerCount, 0);
    assert.equal((await del(t.http, `/answers/${mine.id}`, p.admin.token)).status, 404);
  });
});

describe("accepting, verifying, closing", () => {
  test("only the question's author accepts: the question becomes ANSWERED, one accepted answer at a time", async () => {
    const question = await ask(t.http, p.client);
    const first = await answer(t.http, p.otherClient, question.id, "first");
    const second = await answer(t.http, p.staff, question.id, "second");
    for (const intruder of [p.otherClient, p.admin, p.superuser]) {
      const refused = await t.http.post(api(`/answers/${first.id}/accept`), {}, { token: intruder.token });
      assert.deepEqual([refused.status, refused.body], [403, { error: "Forbidden: only the question's author can accept an answer" }]);
    }
    assert.equal((await t.http.post(api(`/answers/${first.id}/accept`))).status, 401);
    assert.equal((await read(question.id)).question.status, "OPEN");

    const accepted = await t.http.post(api(`/answers/${first.id}/accept`), {}, { token: p.client.token });
    assert.deepEqual([accepted.status, accepted.body.isAccepted], [200, true]);
    let thread = await read(question.id);
    assert.deepEqual([thread.question.status, thread.question.acceptedAnswerId], ["ANSWERED", first.id]);

    assert.equal((await t.http.post(api(`/answers/${second.id}/accept`), {}, { token: p.client.token })).status, 200);
    thread = await read(question.id);
    assert.equal(thread.question.acceptedAnswerId, second.id);
    assert.deepEqual(thread.answers.map((a: any) => [a.id, a.isAccepted]), [[second.id, true], [first.id, false]], "the accepted answer first, only one");
    assert.equal((await t.http.post(api("/answers/999999/accept"), {}, { token: p.client.token })).status, 404);

    await del(t.http, `/answers/${second.id}`, p.staff.token);
    thread = await read(question.id);
    assert.deepEqual([thread.question.status, thread.question.acceptedAnswerId, thread.question.answerCount], ["OPEN", null, 1], "deleting the accepted answer reopens");
  });

  test("an ADMIN verifies an answer (verifiedBy, verifiedAt); anyone else 403", async () => {
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    for (const person of [p.client, p.otherClient, p.staff]) {
      const refused = await t.http.post(api(`/answers/${given.id}/verify`), {}, { token: person.token });
      assert.deepEqual([refused.status, refused.body], [403, { error: "Insufficient permissions" }]);
    }
    assert.equal((await t.http.post(api(`/answers/${given.id}/verify`))).status, 401);
    const verified = await t.http.post(api(`/answers/${given.id}/verify`), {}, { token: p.admin.token });
    assert.equal(verified.status, 200, verified.text);
    assert.deepEqual([verified.body.isVerified, verified.body.verifiedBy], [true, p.admin.userId]);
    assert.ok(!Number.isNaN(Date.parse(verified.body.verifiedAt)));
    const again = await t.http.post(api(`/answers/${given.id}/verify`), {}, { token: p.superuser.token });
    assert.deepEqual([again.status, again.body.verifiedBy, again.body.verifiedAt], [200, p.admin.userId, verified.body.verifiedAt], "the first verifier stays");
    assert.equal((await t.http.post(api("/answers/999999/verify"), {}, { token: p.admin.token })).status, 404);
  });

  test("the author's change of content takes the verification away; an ADMIN's edit or the same content keeps it", async () => {
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id, "Verified text");
    const verify = () => t.http.post(api(`/answers/${given.id}/verify`), {}, { token: p.admin.token });
    const edit = (person: People["client"], content: string) => t.http.put(api(`/answers/${given.id}`), { content }, { token: person.token });
    const state = (body: any) => [body.isVerified, body.verifiedBy, body.verifiedAt === null];
    assert.equal((await verify()).status, 200);
    const same = await edit(p.otherClient, "  Verified text ");
    assert.deepEqual([same.status, ...state(same.body)], [200, true, p.admin.userId, false], "the same content (once trimmed) stays verified");
    const byAdmin = await edit(p.admin, "Verified text, fixed by an admin");
    assert.deepEqual(state(byAdmin.body), [true, p.admin.userId, false], "an ADMIN's edit keeps it");
    const byAuthor = await edit(p.otherClient, "Something else entirely");
    assert.deepEqual([byAuthor.status, ...state(byAuthor.body)], [200, false, null, true], "the author's change is no longer verified");
    const row = (await db().forumAnswer.findUnique({ where: { id: given.id } }))!;
    assert.deepEqual([row.isVerified, row.verifiedById, row.verifiedAt], [false, null, null]);
    const graph = await t.http.graphql(`query($id: ID!) { answer(id: $id) { isVerified verifiedBy { name } verifiedAt } }`, { id: given.id });
    assert.deepEqual(graph.body.data.answer, { isVerified: false, verifiedBy: null, verifiedAt: null });
    const again = await verify();
    assert.deepEqual([again.status, again.body.isVerified, again.body.verifiedBy], [200, true, p.admin.userId], "an ADMIN verifies it again");
    assert.notEqual(again.body.verifiedAt, null);
  });

  test("an ADMIN closes a question from any state: CLOSED, no new answers (400) and none accepted; others 403", async () => {
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    await t.http.post(api(`/answers/${given.id}/accept`), {}, { token: p.client.token });
    for (const person of [p.client, p.staff]) {
      assert.equal((await t.http.post(api(`/questions/${question.id}/close`), {}, { token: person.token })).status, 403);
    }
    assert.equal((await t.http.post(api(`/questions/${question.id}/close`))).status, 401);
    const closed = await t.http.post(api(`/questions/${question.id}/close`), {}, { token: p.admin.token });
    assert.deepEqual([closed.status, closed.body.status], [200, "CLOSED"]);
    const refused = await t.http.post(api(`/questions/${question.id}/answers`), { content: "late" }, { token: p.otherClient.token });
    assert.deepEqual([refused.status, refused.body], [400, { error: "Question is closed: no new answers" }]);
    const accept = await t.http.post(api(`/answers/${given.id}/accept`), {}, { token: p.client.token });
    assert.deepEqual([accept.status, accept.body], [400, { error: "Question is closed: no answer can be accepted" }]);
    assert.equal((await read(question.id)).question.answerCount, 1);
    assert.equal((await t.http.post(api(`/questions/${question.id}/close`), {}, { token: p.superuser.token })).status, 200, "closing again is harmless");
    assert.equal((await t.http.post(api("/questions/999999/close"), {}, { token: p.admin.token })).status, 404);
  });
});

describe("votes", () => {
  test("one vote per user: changing it moves the counts, the same vote twice counts once", async () => {
    const question = await ask(t.http, p.client);
    const vote = (person: People["client"], voteType: unknown) => t.http.post(api(`/questions/${question.id}/vote`), { voteType }, { token: person.token });
    let response = await vote(p.otherClient, 1);
    assert.deepEqual([response.status, response.body.upvotes, response.body.downvotes], [200, 1, 0]);
    response = await vote(p.otherClient, 1);
    assert.deepEqual([response.body.upvotes, response.body.downvotes], [1, 0]);
    response = await vote(p.otherClient, -1);
    assert.deepEqual([response.body.upvotes, response.body.downvotes], [0, 1]);
    response = await vote(p.staff, -1);
    assert.deepEqual([response.body.upvotes, response.body.downvotes], [0, 2]);
    assert.equal(await db().forumQuestionVote.count({ where: { questionId: question.id } }), 2);
  });

  test("answers take votes the same way", async () => {
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    const vote = (person: People["client"], voteType: number) => t.http.post(api(`/answers/${given.id}/vote`), { voteType }, { token: person.token });
    await vote(p.client, 1);
    await vote(p.client, 1);
    await vote(p.staff, 1);
    const changed = await vote(p.staff, -1);
    assert.deepEqual([changed.status, changed.body.upvotes, changed.body.downvotes], [200, 1, 1]);
    assert.equal((await t.http.post(api("/answers/999999/vote"), { voteType: 1 }, { token: p.client.token })).status, 404);
  });

  test("invalid votes: 400 naming voteType, anonymous 401, a missing question 404; nothing counted", async () => {
    const question = await ask(t.http, p.client);
    for (const voteType of [0, 2, -2, "1", 1.5, null, undefined, "up", [1], 99999999999]) {
      const response = await t.http.post(api(`/questions/${question.id}/vote`), { voteType }, { token: p.otherClient.token });
      assert.deepEqual([response.status, response.body.field], [400, "voteType"], `${JSON.stringify(voteType)}: ${response.text}`);
    }
    assert.equal((await t.http.post(api(`/questions/${question.id}/vote`), { voteType: 1 })).status, 401);
    assert.equal((await t.http.post(api("/questions/999999/vote"), { voteType: 1 }, { token: p.client.token })).status, 404);
    assert.equal(await db().forumQuestionVote.count({ where: { questionId: question.id } }), 0);
    assert.deepEqual([(await read(question.id)).question.upvotes, (await read(question.id)).question.downvotes], [0, 0]);
  });

  test("concurrent votes are exact: many voters at once, each also voting twice and changing their mind", async () => {
    const voters = await Promise.all(Array.from({ length: 12 }, (_v, i) => registerAndLogin(t.http, undefined, `Voter ${i}`)));
    const question = await ask(t.http, p.client);
    const given = await answer(t.http, p.otherClient, question.id);
    const finalValue = (i: number) => (i % 3 === 0 ? -1 : 1);
    const requests = voters.flatMap((voter, i) => [
      t.http.post(api(`/questions/${question.id}/vote`), { voteType: finalValue(i) }, { token: voter.token }),
      t.http.post(api(`/questions/${question.id}/vote`), { voteType: finalValue(i) }, { token: voter.token }),
      t.http.post(api(`/answers/${given.id}/vote`), { voteType: 1 }, { token: voter.token }),
    ]);
    const responses = await Promise.all(requests);
    assert.ok(responses.every((response) => response.status === 200), responses.map((r) => r.status).join(","));
    // Then everyone of the first half changes their mind, all at once.
    await Promise.all(voters.slice(0, 6).map((voter, i) =>
      t.http.post(api(`/questions/${question.id}/vote`), { voteType: -finalValue(i) }, { token: voter.token })));
    const expected = voters.map((_v, i) => (i < 6 ? -finalValue(i) : finalValue(i)));
    const thread = await read(question.id);
    assert.equal(thread.question.upvotes, expected.filter((v) => v === 1).length);
    assert.equal(thread.question.downvotes, expected.filter((v) => v === -1).length);
    assert.deepEqual([thread.answers[0].upvotes, thread.answers[0].downvotes], [12, 0]);
    assert.equal(await db().forumQuestionVote.count({ where: { questionId: question.id } }), 12);
  });
});
