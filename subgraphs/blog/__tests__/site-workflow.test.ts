// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { action, allBlogs, api, blogBody, draft, freshSlug, slugsOf } from "./fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "blog"])));
after(() => t.stop());

const review = (slug: string, body: unknown, token = p.admin.token) => action(t, slug, "review", token, body);

describe("official (SITE) blogs: the review workflow", () => {
  test("STAFF create a DRAFT: 201, documented JSON names, author id the caller", async () => {
    const created = await draft(t, p.staff, { date: "2026-12-01" });
    assert.deepEqual(
      [created.status, created.blogType, created.authorId, created.author, created.short_description, created.date, created.tags, created.verified],
      ["DRAFT", "SITE", p.staff.userId, "The Team", "A first post", "2026-12-01", ["news"], false],
    );
    for (const key of ["created_at", "updated_at", "reviewedBy", "reviewedAt", "reviewNotes", "publishedAt", "promotedAt", "promotedBy", "verifiedBy", "verifiedAt"]) {
      assert.ok(key in created, key);
    }
    assert.ok(!("createdAt" in created) && !("shortDescription" in created));
    assert.equal(created.content, "# Hello\n\nSome *markdown*.");
  });

  test("a CLIENT cannot create, anonymous is 401; nothing is stored", async () => {
    const before = await allBlogs(t);
    const client = await t.http.post(api("/admin/blogs"), blogBody(), { token: p.client.token });
    assert.deepEqual([client.status, client.body], [403, { error: "Insufficient permissions" }]);
    const anonymous = await t.http.post(api("/admin/blogs"), blogBody());
    assert.equal(anonymous.status, 401);
    assert.deepEqual(await allBlogs(t), before);
  });

  test("submit → approve → publish → unpublish, reviewer recorded", async () => {
    const blog = await draft(t, p.staff);
    const submitted = await action(t, blog.slug, "submit", p.staff.token);
    assert.deepEqual([submitted.status, submitted.body.status], [200, "PENDING_REVIEW"]);
    const pending = await t.http.get(api("/admin/blogs/pending"), { token: p.admin.token });
    assert.ok(slugsOf(pending.body).includes(blog.slug));
    const approved = await review(blog.slug, { action: "approve" });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual([approved.body.status, approved.body.reviewedBy, approved.body.reviewNotes], ["APPROVED", p.admin.userId, null]);
    assert.ok(Date.parse(approved.body.reviewedAt) > 0);
    assert.equal((await t.http.get(api(`/blogs/${blog.slug}`))).status, 404, "approved is not yet public");
    const published = await action(t, blog.slug, "publish", p.admin.token);
    assert.deepEqual([published.status, published.body.status], [200, "PUBLISHED"]);
    assert.ok(Date.parse(published.body.publishedAt) > 0);
    const read = await t.http.get(api(`/blogs/${blog.slug}`));
    assert.deepEqual([read.status, read.body.slug, read.body.status], [200, blog.slug, "PUBLISHED"]);
    assert.ok(slugsOf((await t.http.get(api("/blogs"))).body).includes(blog.slug));
    const unpublished = await action(t, blog.slug, "unpublish", p.admin.token);
    assert.deepEqual([unpublished.status, unpublished.body.status], [200, "ARCHIVED"]);
    assert.equal((await t.http.get(api(`/blogs/${blog.slug}`))).status, 404);
    assert.ok(!slugsOf((await t.http.get(api("/blogs"))).body).includes(blog.slug));
  });

  test("reject needs notes; REJECTED may be edited by its author and submitted again", async () => {
    const blog = await draft(t, p.staff);
    await action(t, blog.slug, "submit", p.staff.token);
    const noNotes = await review(blog.slug, { action: "reject" });
    assert.deepEqual([noNotes.status, noNotes.body.field], [400, "notes"]);
    const blank = await review(blog.slug, { action: "reject", notes: "   " });
    assert.deepEqual([blank.status, blank.body.field], [400, "notes"]);
    const rejected = await review(blog.slug, { action: "reject", notes: "Too short" });
    assert.deepEqual([rejected.body.status, rejected.body.reviewNotes, rejected.body.reviewedBy], ["REJECTED", "Too short", p.admin.userId]);
    const edited = await t.http.put(api(`/admin/blogs/${blog.slug}`), { content: "Longer now." }, { token: p.staff.token });
    assert.deepEqual([edited.status, edited.body.content, edited.body.title], [200, "Longer now.", "Hello world"]);
    const again = await action(t, blog.slug, "submit", p.staff.token);
    assert.deepEqual([again.status, again.body.status, again.body.reviewNotes], [200, "PENDING_REVIEW", "Too short"]);
  });

  test("request_changes needs notes and sends the post back to DRAFT with the notes kept", async () => {
    const blog = await draft(t, p.staff);
    await action(t, blog.slug, "submit", p.staff.token);
    assert.equal((await review(blog.slug, { action: "request_changes" })).status, 400);
    const changes = await review(blog.slug, { action: "request_changes", notes: "Add a picture" });
    assert.deepEqual([changes.status, changes.body.status, changes.body.reviewNotes], [200, "DRAFT", "Add a picture"]);
    assert.equal((await t.http.put(api(`/admin/blogs/${blog.slug}`), { title: "With a picture" }, { token: p.staff.token })).status, 200);
    assert.equal((await action(t, blog.slug, "submit", p.staff.token)).body.status, "PENDING_REVIEW");
  });

  test("an unknown action is a 400 naming the three", async () => {
    const blog = await draft(t, p.staff);
    await action(t, blog.slug, "submit", p.staff.token);
    const response = await review(blog.slug, { action: "maybe" });
    assert.deepEqual([response.status, response.body], [400, { field: "action", message: "Invalid action. Must be 'approve', 'reject' or 'request_changes'" }]);
    assert.deepEqual((await review(blog.slug, {})).body, { field: "action", message: "action is required" });
  });

  test("ADMIN may publish a DRAFT directly (review skipped)", async () => {
    const blog = await draft(t, p.admin);
    const published = await action(t, blog.slug, "publish", p.admin.token);
    assert.deepEqual([published.status, published.body.status, published.body.reviewedBy], [200, "PUBLISHED", null]);
  });

  test("every move outside the table is a 400 with a clear message, and changes nothing", async () => {
    const blog = await draft(t, p.staff);
    const cases: [string, unknown][] = [
      ["unpublish", {}],
      ["review", { action: "approve" }],
    ];
    for (const [verb, body] of cases) {
      const before = await allBlogs(t);
      const response = await action(t, blog.slug, verb, p.admin.token, body);
      assert.equal(response.status, 400, `${verb} on DRAFT`);
      assert.match(response.body.error, /^Cannot (unpublish|review) a blog in status DRAFT: only (PUBLISHED|PENDING_REVIEW) blogs/);
      assert.deepEqual(await allBlogs(t), before);
    }
    await action(t, blog.slug, "submit", p.staff.token);
    for (const verb of ["submit", "publish", "unpublish"]) {
      const response = await action(t, blog.slug, verb, p.admin.token);
      assert.deepEqual([response.status, response.body.error?.includes("PENDING_REVIEW")], [400, true], `${verb} on PENDING_REVIEW`);
    }
    await review(blog.slug, { action: "approve" });
    for (const verb of ["submit", "unpublish"]) assert.equal((await action(t, blog.slug, verb, p.admin.token)).status, 400, `${verb} on APPROVED`);
    assert.equal((await review(blog.slug, { action: "approve" })).status, 400, "review on APPROVED");
    await action(t, blog.slug, "publish", p.admin.token);
    for (const verb of ["submit", "publish"]) assert.equal((await action(t, blog.slug, verb, p.admin.token)).status, 400, `${verb} on PUBLISHED`);
    await action(t, blog.slug, "unpublish", p.admin.token);
    for (const verb of ["submit", "publish", "unpublish"]) assert.equal((await action(t, blog.slug, verb, p.admin.token)).status, 400, `${verb} on ARCHIVED`);
    assert.equal((await review(blog.slug, { action: "reject", notes: "x" })).status, 400, "review on ARCHIVED");
  });

  test("wrong role: STAFF cannot review, publish, unpublish or delete; a CLIENT cannot submit; 403 and nothing changes", async () => {
    const blog = await draft(t, p.staff);
    const before = await allBlogs(t);
    for (const verb of ["publish", "unpublish"]) assert.equal((await action(t, blog.slug, verb, p.staff.token)).status, 403, verb);
    assert.equal((await review(blog.slug, { action: "approve" }, p.staff.token)).status, 403);
    assert.equal((await t.http.request("DELETE", api(`/admin/blogs/${blog.slug}`), { token: p.staff.token })).status, 403);
    assert.equal((await action(t, blog.slug, "submit", p.client.token)).status, 403);
    assert.equal((await action(t, blog.slug, "submit")).status, 401);
    assert.deepEqual(await allBlogs(t), before);
  });

  test("STAFF manage only their own posts; ADMIN any; SUPERUSER has ADMIN's rights", async () => {
    const mine = await draft(t, p.admin);
    const other = await action(t, mine.slug, "submit", p.staff.token);
    assert.deepEqual([other.status, other.body.error], [403, "Forbidden: you can only manage your own blogs"]);
    assert.equal((await t.http.put(api(`/admin/blogs/${mine.slug}`), { title: "Hijack" }, { token: p.staff.token })).status, 403);
    const staffs = await draft(t, p.staff);
    assert.equal((await action(t, staffs.slug, "submit", p.admin.token)).status, 200);
    const approved = await review(staffs.slug, { action: "approve", notes: "Nice" }, p.superuser.token);
    assert.deepEqual([approved.status, approved.body.reviewedBy, approved.body.reviewNotes], [200, p.superuser.userId, "Nice"]);
  });

  test("STAFF edit their own post only while DRAFT or REJECTED; ADMIN edits in any status; the slug stays", async () => {
    const blog = await draft(t, p.staff);
    await action(t, blog.slug, "submit", p.staff.token);
    const locked = await t.http.put(api(`/admin/blogs/${blog.slug}`), { title: "Late edit" }, { token: p.staff.token });
    assert.deepEqual([locked.status, locked.body.error], [400, "Cannot edit a blog in status PENDING_REVIEW: only DRAFT or REJECTED blogs can be edited by staff"]);
    const byAdmin = await t.http.put(api(`/admin/blogs/${blog.slug}`), { title: "Fixed typo", slug: "renamed", tags: null }, { token: p.admin.token });
    assert.deepEqual([byAdmin.status, byAdmin.body.title, byAdmin.body.slug, byAdmin.body.tags, byAdmin.body.status], [200, "Fixed typo", blog.slug, [], "PENDING_REVIEW"]);
    const cleared = await t.http.put(api(`/admin/blogs/${blog.slug}`), { title: null }, { token: p.admin.token });
    assert.deepEqual([cleared.status, cleared.body.field], [400, "title"]);
  });

  test("ADMIN deletes: 200, then 404 everywhere", async () => {
    const blog = await draft(t, p.staff);
    const deleted = await t.http.request("DELETE", api(`/admin/blogs/${blog.slug}`), { token: p.admin.token });
    assert.deepEqual([deleted.status, deleted.body], [200, { message: "Blog deleted successfully", id: blog.id, slug: blog.slug }]);
    assert.equal((await t.http.request("DELETE", api(`/admin/blogs/${blog.slug}`), { token: p.admin.token })).status, 404);
    assert.deepEqual((await action(t, blog.slug, "submit", p.staff.token)).body, { error: "Blog not found" });
  });

  test("/admin/blogs: STAFF see their own, ADMIN all, with status and author_id filters; pending is ADMIN only", async () => {
    const staffs = await draft(t, p.staff);
    const admins = await draft(t, p.admin);
    const asStaff = await t.http.get(api("/admin/blogs?limit=100"), { token: p.staff.token });
    assert.equal(asStaff.status, 200);
    assert.ok(asStaff.body.every((blog: any) => blog.authorId === p.staff.userId));
    assert.ok(slugsOf(asStaff.body).includes(staffs.slug) && !slugsOf(asStaff.body).includes(admins.slug));
    const others = await t.http.get(api(`/admin/blogs?author_id=${p.admin.userId}`), { token: p.staff.token });
    assert.equal(others.status, 403);
    const asAdmin = await t.http.get(api("/admin/blogs?limit=100"), { token: p.admin.token });
    assert.ok(slugsOf(asAdmin.body).includes(staffs.slug) && slugsOf(asAdmin.body).includes(admins.slug));
    const byAuthor = await t.http.get(api(`/admin/blogs?author_id=${p.admin.userId}&limit=100`), { token: p.admin.token });
    assert.ok(byAuthor.body.length > 0 && byAuthor.body.every((blog: any) => blog.authorId === p.admin.userId));
    const drafts = await t.http.get(api("/admin/blogs?status=DRAFT&limit=100"), { token: p.admin.token });
    assert.ok(drafts.body.length > 0 && drafts.body.every((blog: any) => blog.status === "DRAFT" && blog.blogType === "SITE"));
    assert.deepEqual((await t.http.get(api("/admin/blogs?status=NOPE"), { token: p.admin.token })).body, { field: "status", message: "status must be one of: DRAFT, PENDING_REVIEW, APPROVED, PUBLISHED, REJECTED, ARCHIVED" });
    assert.deepEqual((await t.http.get(api("/admin/blogs?author_id=abc"), { token: p.admin.token })).body, { field: "author_id", message: "Invalid author ID" });
    assert.equal((await t.http.get(api("/admin/blogs"), { token: p.client.token })).status, 403);
    assert.equal((await t.http.get(api("/admin/blogs"))).status, 401);
    assert.equal((await t.http.get(api("/admin/blogs/pending"), { token: p.staff.token })).status, 403);
    assert.equal((await t.http.get(api("/admin/blogs/pending"))).status, 401);
  });

  test("two admins deciding at once: one review wins, the other is a 400, the post reflects the winner", async () => {
    const blog = await draft(t, p.staff);
    await action(t, blog.slug, "submit", p.staff.token);
    const [approve, reject] = await Promise.all([
      review(blog.slug, { action: "approve" }, p.admin.token),
      review(blog.slug, { action: "reject", notes: "No" }, p.superuser.token),
    ]);
    const statuses = [approve.status, reject.status].sort();
    assert.deepEqual(statuses, [200, 400]);
    const winner = approve.status === 200 ? approve.body : reject.body;
    const stored = await t.platform.runtime.db.prisma.blog.findUniqueOrThrow({ where: { slug: blog.slug } });
    assert.deepEqual([stored.status, stored.reviewedById], [winner.status, winner.reviewedBy]);
  });

  test("the direct port answers the same paths without prefix, and /healthz", async () => {
    const direct = t.direct("blog");
    const health = await direct.get("/healthz");
    assert.deepEqual([health.status, health.text], [200, "ok"]);
    const created = await direct.post("/admin/blogs", blogBody(freshSlug("direct")), { token: p.staff.token });
    assert.deepEqual([created.status, created.body.status], [201, "DRAFT"]);
    assert.equal((await direct.post(`/admin/blogs/${created.body.slug}/publish`, {}, { token: p.admin.token })).body.status, "PUBLISHED");
    assert.equal((await direct.get(`/blogs/${created.body.slug}`)).body.slug, created.body.slug);
    assert.equal((await t.http.get(api("/healthz"))).text, "ok");
    assert.deepEqual((await direct.get("/blogs/no-such-post")).body, { error: "Blog not found" });
    assert.equal((await direct.post("/admin/blogs", blogBody())).status, 401);
    assert.equal((await direct.post(`/admin/blogs/${created.body.slug}/unpublish`, {}, { token: p.staff.token })).status, 403);
    assert.deepEqual((await direct.post("/admin/blogs", blogBody("Bad Slug"), { token: p.staff.token })).body.field, "slug");
  });
});
