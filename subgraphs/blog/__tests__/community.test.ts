// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { allBlogs, api, blogBody, communityPost, draft, freshSlug, moderate, slugsOf } from "./fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "blog"])));
after(() => t.stop());

const publicList = async (path: string) => slugsOf((await t.http.get(api(`${path}?limit=100`))).body);

describe("community (USER) blogs", () => {
  test("any signed-in user posts: 201 PUBLISHED at once, slug prefixed community-, byline defaults to the account name", async () => {
    const slug = freshSlug("hello");
    const created = await t.http.post(api("/community/blogs"), blogBody(slug, { author: undefined }), { token: p.client.token });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      [created.body.slug, created.body.status, created.body.blogType, created.body.authorId, created.body.author, created.body.verified],
      [`community-${slug}`, "PUBLISHED", "USER", p.client.userId, "Cleo Client", false],
    );
    const noByline = await t.http.post(api("/community/blogs"), blogBody(freshSlug(), { author: null }), { token: p.client.token });
    assert.deepEqual([noByline.status, noByline.body.author], [201, null], "an explicit null means no byline");
    assert.ok(Date.parse(created.body.publishedAt) > 0);
    assert.ok((await publicList("/community/blogs")).includes(`community-${slug}`));
    assert.ok(!(await publicList("/blogs")).includes(`community-${slug}`), "not among official posts");
    const read = await t.http.get(api(`/community/blogs/community-${slug}`));
    assert.deepEqual([read.status, read.body.title], [200, "Hello world"]);
    assert.equal((await t.http.get(api(`/community/blogs/${slug}`))).body.slug, `community-${slug}`, "the prefix may be left out");
    assert.equal((await t.http.get(api(`/blogs/community-${slug}`))).status, 404, "not readable as an official post");
    const already = await t.http.post(api("/community/blogs"), blogBody(`community-${freshSlug()}`), { token: p.client.token });
    assert.ok(!already.body.slug.startsWith("community-community-"));
  });

  test("anonymous cannot post (401); nothing stored", async () => {
    const before = await allBlogs(t);
    assert.equal((await t.http.post(api("/community/blogs"), blogBody())).status, 401);
    assert.equal((await t.http.post(api("/community/blogs"), blogBody(), { token: "not-a-token" })).status, 401);
    assert.deepEqual(await allBlogs(t), before);
  });

  test("the author edits and deletes; anyone else (ADMIN included) is 403 and nothing changes", async () => {
    const post = await communityPost(t, p.client);
    const before = await allBlogs(t);
    for (const person of [p.otherClient, p.staff, p.admin]) {
      const edit = await t.http.put(api(`/community/blogs/${post.slug}`), { title: "Mine now" }, { token: person.token });
      assert.deepEqual([edit.status, edit.body.error], [403, "Forbidden: you can only edit your own blogs"]);
      const remove = await t.http.request("DELETE", api(`/community/blogs/${post.slug}`), { token: person.token });
      assert.deepEqual([remove.status, remove.body.error], [403, "Forbidden: you can only delete your own blogs"]);
    }
    assert.equal((await t.http.put(api(`/community/blogs/${post.slug}`), { title: "x" })).status, 401);
    assert.deepEqual(await allBlogs(t), before);
    const edited = await t.http.put(api(`/community/blogs/${post.slug}`), { title: "Better title", short_description: null }, { token: p.client.token });
    assert.deepEqual([edited.status, edited.body.title, edited.body.short_description, edited.body.content], [200, "Better title", null, post.content]);
    const deleted = await t.http.request("DELETE", api(`/community/blogs/${post.slug}`), { token: p.client.token });
    assert.deepEqual([deleted.status, deleted.body.message], [200, "Blog deleted successfully"]);
    assert.equal((await t.http.get(api(`/community/blogs/${post.slug}`))).status, 404);
    assert.equal((await t.http.put(api(`/community/blogs/${post.slug}`), { title: "x" }, { token: p.client.token })).status, 404);
  });

  test("GET /community/my-blogs: the caller's own posts, archived ones too; 401 anonymous", async () => {
    const mine = await communityPost(t, p.otherClient);
    const archived = await communityPost(t, p.otherClient);
    await communityPost(t, p.client);
    assert.equal((await moderate(t, archived.slug, "archive", p.admin.token)).status, 200);
    const response = await t.http.get(api("/community/my-blogs?limit=100"), { token: p.otherClient.token });
    assert.equal(response.status, 200);
    assert.ok(response.body.every((blog: any) => blog.authorId === p.otherClient.userId && blog.blogType === "USER"));
    assert.ok(slugsOf(response.body).includes(mine.slug) && slugsOf(response.body).includes(archived.slug));
    assert.equal((await t.http.get(api("/community/my-blogs"))).status, 401);
  });

  test("ADMIN verifies and unverifies: verifiedBy / verifiedAt set and cleared", async () => {
    const post = await communityPost(t, p.client);
    const verified = await moderate(t, post.slug, "verify", p.admin.token);
    assert.deepEqual([verified.status, verified.body.verified, verified.body.verifiedBy], [200, true, p.admin.userId]);
    assert.ok(Date.parse(verified.body.verifiedAt) > 0);
    const unverified = await moderate(t, post.slug, "unverify", p.admin.token);
    assert.deepEqual([unverified.body.verified, unverified.body.verifiedBy, unverified.body.verifiedAt], [false, null, null]);
  });

  test("the author's edit of title or content withdraws the verification; other edits keep it", async () => {
    const post = await communityPost(t, p.client);
    const verify = () => moderate(t, post.slug, "verify", p.admin.token);
    const edit = async (body: Record<string, unknown>) => {
      const response = await t.http.put(api(`/community/blogs/${post.slug}`), body, { token: p.client.token });
      assert.equal(response.status, 200, response.text);
      return [response.body.verified, response.body.verifiedBy, response.body.verifiedAt];
    };
    assert.equal((await verify()).body.verified, true);
    assert.deepEqual((await edit({ tags: ["other"], title: post.title })), [true, p.admin.userId, (await t.http.get(api(`/community/blogs/${post.slug}`))).body.verifiedAt]);
    assert.deepEqual(await edit({ content: "New *content*" }), [false, null, null]);
    const stored = await t.platform.runtime.db.prisma.blog.findUniqueOrThrow({ where: { slug: post.slug } });
    assert.deepEqual([stored.verified, stored.verifiedById, stored.verifiedAt, stored.contentHtml], [false, null, null, "<p>New <em>content</em></p>\n"]);
    await verify();
    assert.deepEqual(await edit({ title: "Another title" }), [false, null, null]);
  });

  test("community writes are limited per user (20 an hour): past it 429 with Retry-After, nothing stored, others unaffected", async () => {
    const writer = p.superuser;
    const first = await communityPost(t, writer);
    for (let i = 0; i < 18; i++) await communityPost(t, writer);
    const edited = await t.http.put(api(`/community/blogs/${first.slug}`), { title: "Edit twenty" }, { token: writer.token });
    assert.equal(edited.status, 200, "the 20th write");
    const before = await allBlogs(t);
    const created = await t.http.post(api("/community/blogs"), blogBody(freshSlug("over")), { token: writer.token });
    assert.equal(created.status, 429, created.text);
    assert.ok(Number(created.headers.get("retry-after")) > 0);
    const edit = await t.http.put(api(`/community/blogs/${first.slug}`), { title: "Too many" }, { token: writer.token });
    assert.equal(edit.status, 429, edit.text);
    const graph = await t.http.graphql(`mutation($input: BlogInput!) { createCommunityBlog(input: $input) { id } }`, { input: { slug: freshSlug(), title: "T", content: "C" } }, writer.token);
    assert.equal(graph.body.errors?.[0]?.extensions?.code, "RATE_LIMITED");
    assert.deepEqual(await allBlogs(t), before);
    await communityPost(t, p.otherClient);
  });

  test("ADMIN archives: hidden from the public (list and read); a second archive is a 400", async () => {
    const post = await communityPost(t, p.client);
    const archived = await moderate(t, post.slug, "archive", p.admin.token);
    assert.deepEqual([archived.status, archived.body.status], [200, "ARCHIVED"]);
    assert.ok(!(await publicList("/community/blogs")).includes(post.slug));
    assert.equal((await t.http.get(api(`/community/blogs/${post.slug}`))).status, 404);
    assert.deepEqual((await moderate(t, post.slug, "archive", p.admin.token)).body, { error: "Blog is already archived" });
  });

  test("ADMIN promotes: type SITE, promotedAt / promotedBy set; it moves to the official list", async () => {
    const post = await communityPost(t, p.client);
    const promoted = await moderate(t, post.slug, "promote", p.admin.token);
    assert.deepEqual([promoted.status, promoted.body.blogType, promoted.body.promotedBy, promoted.body.status], [200, "SITE", p.admin.userId, "PUBLISHED"]);
    assert.ok(Date.parse(promoted.body.promotedAt) > 0);
    assert.ok((await publicList("/blogs")).includes(post.slug));
    assert.ok(!(await publicList("/community/blogs")).includes(post.slug));
    assert.equal((await t.http.get(api(`/blogs/${post.slug}`))).status, 200);
    assert.equal((await moderate(t, post.slug, "promote", p.admin.token)).status, 404, "no longer a community post");
  });

  test("ADMIN lists community posts with a status filter, and deletes", async () => {
    const post = await communityPost(t, p.client);
    const archived = await communityPost(t, p.client);
    await moderate(t, archived.slug, "archive", p.admin.token);
    const all = await t.http.get(api("/admin/community/blogs?limit=100"), { token: p.admin.token });
    assert.ok(all.body.every((blog: any) => blog.blogType === "USER"));
    assert.ok(slugsOf(all.body).includes(post.slug) && slugsOf(all.body).includes(archived.slug));
    const onlyArchived = await t.http.get(api("/admin/community/blogs?status=ARCHIVED&limit=100"), { token: p.admin.token });
    assert.ok(onlyArchived.body.every((blog: any) => blog.status === "ARCHIVED") && slugsOf(onlyArchived.body).includes(archived.slug));
    const deleted = await t.http.request("DELETE", api(`/admin/community/blogs/${post.slug}`), { token: p.admin.token });
    assert.deepEqual([deleted.status, deleted.body.slug], [200, post.slug]);
    assert.equal((await t.http.get(api(`/community/blogs/${post.slug}`))).status, 404);
  });

  test("moderation is ADMIN only: STAFF and CLIENT 403, anonymous 401, nothing changes", async () => {
    const post = await communityPost(t, p.client);
    const before = await allBlogs(t);
    for (const verb of ["verify", "unverify", "promote", "archive"]) {
      for (const person of [p.staff, p.client]) assert.equal((await moderate(t, post.slug, verb, person.token)).status, 403, `${verb}`);
      assert.equal((await moderate(t, post.slug, verb)).status, 401, verb);
    }
    assert.equal((await t.http.request("DELETE", api(`/admin/community/blogs/${post.slug}`), { token: p.staff.token })).status, 403);
    assert.equal((await t.http.get(api("/admin/community/blogs"), { token: p.staff.token })).status, 403);
    assert.equal((await t.http.get(api("/admin/community/blogs"))).status, 401);
    assert.deepEqual(await allBlogs(t), before);
  });

  test("community paths never reach official posts, nor admin paths community ones (404)", async () => {
    const site = await draft(t, p.staff);
    const post = await communityPost(t, p.client);
    assert.equal((await moderate(t, site.slug, "verify", p.admin.token)).status, 404);
    assert.equal((await t.http.post(api(`/admin/blogs/${post.slug}/unpublish`), {}, { token: p.admin.token })).status, 404);
    assert.equal((await t.http.put(api(`/community/blogs/${site.slug}`), { title: "x" }, { token: p.staff.token })).status, 404);
  });

  test("public visibility of every list: drafts, pending, approved, rejected and archived never show", async () => {
    const states: Record<string, string> = {};
    const make = async () => (await draft(t, p.staff)).slug;
    states.DRAFT = await make();
    states.PENDING_REVIEW = await make();
    await t.http.post(api(`/admin/blogs/${states.PENDING_REVIEW}/submit`), {}, { token: p.staff.token });
    states.APPROVED = await make();
    await t.http.post(api(`/admin/blogs/${states.APPROVED}/submit`), {}, { token: p.staff.token });
    await t.http.post(api(`/admin/blogs/${states.APPROVED}/review`), { action: "approve" }, { token: p.admin.token });
    states.REJECTED = await make();
    await t.http.post(api(`/admin/blogs/${states.REJECTED}/submit`), {}, { token: p.staff.token });
    await t.http.post(api(`/admin/blogs/${states.REJECTED}/review`), { action: "reject", notes: "no" }, { token: p.admin.token });
    const listed = [...(await publicList("/blogs")), ...(await publicList("/community/blogs"))];
    for (const [status, slug] of Object.entries(states)) {
      assert.ok(!listed.includes(slug), `${status} listed`);
      for (const path of [`/blogs/${slug}`, `/community/blogs/${slug}`]) {
        const response = await t.http.get(api(path));
        assert.deepEqual([response.status, response.body], [404, { error: "Blog not found" }], `${status} at ${path}`);
      }
    }
    assert.equal((await t.http.get(api("/blogs/no-such-post"))).status, 404);
  });

  test("public lists page with limit and offset (limit 1 to 100)", async () => {
    for (let i = 0; i < 3; i++) await communityPost(t, p.otherClient);
    const first = await t.http.get(api("/community/blogs?limit=2"));
    const second = await t.http.get(api("/community/blogs?limit=2&offset=2"));
    assert.equal(first.body.length, 2);
    assert.ok(second.body.length >= 1);
    assert.ok(!slugsOf(second.body).some((slug) => slugsOf(first.body).includes(slug)));
    for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "limit=99999999999"]) {
      const response = await t.http.get(api(`/community/blogs?${query}`));
      assert.equal(response.status, 400, query);
      assert.ok(["limit", "offset"].includes(response.body.field), query);
    }
  });
});
