// @tier unit
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { domainUnderTest, type DomainUnderTest } from "../../../testing/domain.js";
import type { BlogContext } from "../context.js";
import { createSiteBlog, publishSiteBlog, reviewSiteBlog, submitSiteBlog, unpublishSiteBlog, updateSiteBlog } from "../domain/site-blogs.js";

let blog: DomainUnderTest<BlogContext>;
let staff: BlogContext;
let otherStaff: BlogContext;
let admin: BlogContext;
let client: BlogContext;
before(async () => {
  blog = await domainUnderTest<BlogContext>("blog");
  [staff, otherStaff, admin, client] = await Promise.all(
    (["STAFF", "STAFF", "ADMIN", "CLIENT"] as const).map(async (role) => blog.as(await blog.user([role]))),
  );
});
after(() => blog?.stop());

let posts = 0;
const draft = () => createSiteBlog(staff, { title: `Post ${++posts}`, slug: `post-${posts}-${Date.now()}`, content: "Words." });
const status = async (slug: string) => (await blog.db.blog.findFirstOrThrow({ where: { slug } })).status;
const code = (expected: string) => (error: Error & { extensions?: { code?: string } }) => error.extensions?.code === expected;

describe("the official blog's review workflow, called as the resolvers call it (no HTTP)", () => {
  test("draft → pending review → approved → published → archived, each by the role allowed", async () => {
    const { slug } = await draft();
    assert.equal((await submitSiteBlog(staff, slug)).status, "PENDING_REVIEW");
    assert.equal((await reviewSiteBlog(admin, slug, "approve", undefined)).status, "APPROVED");
    assert.equal((await publishSiteBlog(admin, slug)).status, "PUBLISHED");
    assert.equal((await unpublishSiteBlog(admin, slug)).status, "ARCHIVED");
  });

  test("a rejection needs notes and sends the post back for editing by its author; a reviewed post cannot be reviewed again", async () => {
    const { slug } = await draft();
    await submitSiteBlog(staff, slug);
    await assert.rejects(reviewSiteBlog(admin, slug, "reject", ""), code("BAD_USER_INPUT"));
    assert.equal(await status(slug), "PENDING_REVIEW");
    assert.equal((await reviewSiteBlog(admin, slug, "reject", "Sources, please.")).status, "REJECTED");
    await assert.rejects(reviewSiteBlog(admin, slug, "approve", undefined));
    assert.equal((await updateSiteBlog(staff, slug, { content: "Words, with sources." })).status, "REJECTED");
    assert.equal((await submitSiteBlog(staff, slug)).status, "PENDING_REVIEW");
  });

  test("moves outside the table change nothing: publishing a pending post, archiving a draft, an unknown action", async () => {
    const { slug } = await draft();
    await submitSiteBlog(staff, slug);
    await assert.rejects(publishSiteBlog(admin, slug));
    await assert.rejects(unpublishSiteBlog(admin, slug));
    await assert.rejects(reviewSiteBlog(admin, slug, "toString", "notes"), code("BAD_USER_INPUT"));
    assert.equal(await status(slug), "PENDING_REVIEW");
  });

  test("roles: staff cannot review or publish, another staff member cannot submit someone's post, a client cannot write one", async () => {
    const { slug } = await draft();
    await assert.rejects(submitSiteBlog(otherStaff, slug), code("FORBIDDEN"));
    await submitSiteBlog(staff, slug);
    await assert.rejects(reviewSiteBlog(staff, slug, "approve", undefined), code("FORBIDDEN"));
    await assert.rejects(publishSiteBlog(staff, slug), code("FORBIDDEN"));
    await assert.rejects(createSiteBlog(client, { title: "Mine", slug: "mine", content: "Words." }), code("FORBIDDEN"));
    assert.equal(await status(slug), "PENDING_REVIEW");
  });

  test("two admins deciding at once: exactly one review is recorded", async () => {
    const { slug } = await draft();
    await submitSiteBlog(staff, slug);
    const otherAdmin = blog.as(await blog.user(["ADMIN"]));
    const outcomes = await Promise.allSettled([reviewSiteBlog(admin, slug, "approve", undefined), reviewSiteBlog(otherAdmin, slug, "reject", "No.")]);
    assert.equal(outcomes.filter((outcome) => outcome.status === "fulfilled").length, 1);
    const winner = outcomes.find((outcome) => outcome.status === "fulfilled")!.value.status;
    assert.equal(await status(slug), winner);
  });
});
