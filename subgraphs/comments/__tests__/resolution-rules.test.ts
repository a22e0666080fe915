// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { CommentsContext } from "../context.js";
import { createReply } from "../domain/replies.js";
import { setResolved } from "../domain/resolution.js";
import { createThread } from "../domain/threads.js";

let comments: DomainUnderTest<CommentsContext>;
before(async () => (comments = await domainUnderTest<CommentsContext>("comments")));
after(() => comments?.stop());

/** A member of `teamId` as a design-platform caller, and a context of their own request. */
async function member(teamId: string): Promise<{ principal: DesignPrincipal; ctx: () => CommentsContext }> {
  const user = await comments.user();
  const principal: DesignPrincipal = { kind: "design", userId: user.id, subject: `U${user.id}`, clientId: "OC-unit", scopes: ["comment:read", "comment:write"], jti: "j", familyId: "f", teamId };
  return { principal, ctx: () => comments.as(user) };
}

async function design(teamId: string): Promise<string> {
  const owner = await comments.user();
  const id = `D${randomBytes(6).toString("hex")}`;
  await comments.db.design.create({ data: { id, title: "Unit", titleKey: "unit", ownerId: owner.id, teamId, typeKind: "custom" } });
  return id;
}

const resolutionEvents = (threadId: string) =>
  comments.db.job.count({ where: { kind: "integration_event", input: { path: ["threadId"], equals: threadId }, AND: { input: { path: ["change"], equals: "resolved" } } } });

describe("resolving a thread, called as the resolvers call it (no HTTP)", () => {
  test("many members resolving at once: one resolver, one resolution event; a reply reopens; resolving again records a second event", async () => {
    const teamId = `T${randomBytes(6).toString("hex")}`;
    const designId = await design(teamId);
    const author = await member(teamId);
    const thread = await createThread(author.ctx(), author.principal, { designId, message: "Check", messageField: "message_plaintext" });
    const members = await Promise.all(Array.from({ length: 8 }, () => member(teamId)));
    const answers = await Promise.all(members.map((m) => setResolved(m.ctx(), m.principal, designId, thread.id, true)));
    assert.equal(new Set(answers.map((answer) => answer.resolverId)).size, 1);
    assert.ok(members.some((m) => m.principal.userId === answers[0].resolverId));
    assert.equal(await resolutionEvents(thread.id), 1);

    await createReply(author.ctx(), author.principal, { designId, threadId: thread.id, message: "One more thing", messageField: "message_plaintext" });
    const reopened = await comments.db.commentThread.findUniqueOrThrow({ where: { id: thread.id } });
    assert.deepEqual([reopened.resolverId, reopened.resolvedAt], [null, null]);
    await setResolved(author.ctx(), author.principal, designId, thread.id, true);
    assert.equal(await resolutionEvents(thread.id), 2);
  });

  test("a member of another team is told the thread is not found, and nothing changes", async () => {
    const teamId = `T${randomBytes(6).toString("hex")}`;
    const designId = await design(teamId);
    const author = await member(teamId);
    const thread = await createThread(author.ctx(), author.principal, { designId, message: "Ours", messageField: "message_plaintext" });
    const outsider = await member(`T${randomBytes(6).toString("hex")}`);
    await assert.rejects(setResolved(outsider.ctx(), outsider.principal, designId, thread.id, true), (error: Error & { extensions?: { code?: string } }) => error.extensions?.code === "NOT_FOUND");
    const row = await comments.db.commentThread.findUniqueOrThrow({ where: { id: thread.id } });
    assert.equal(row.resolverId, null);
    assert.equal(await resolutionEvents(thread.id), 0);
  });
});
