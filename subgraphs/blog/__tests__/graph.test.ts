// @tier contract
// @depends postgres
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { statementsFor } from "../../../testing/statements.js";
import { freshSlug } from "./fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "blog"])));
after(() => t.stop());

const BLOG = "id slug status blogType authorId authorName shortDescription createdAt reviewNotes";

async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const response = await t.http.graphql(query, variables, token);
  assert.equal(response.body.errors, undefined, JSON.stringify(response.body.errors));
  return response.body.data;
}

const errorCode = async (query: string, variables: Record<string, unknown>, token?: string) =>
  (await t.http.graphql(query, variables, token)).body.errors?.[0]?.extensions?.code;

const CREATE = `mutation($input: BlogInput!) { createBlog(input: $input) { ${BLOG} } }`;
const MOVE = (field: string) => `mutation($slug: String!) { ${field}(slug: $slug) { ${BLOG} } }`;
const REVIEW = `mutation($slug: String!, $action: String!, $notes: String) { reviewBlog(slug: $slug, action: $action, notes: $notes) { ${BLOG} reviewedBy { name } } }`;

const slugsOfPage = (blogs: { slug: string }[]) => blogs.map((blog) => blog.slug);

/** Published community posts by each of `authors`, straight into the database. */
async function seedPosts(count: number, authors: number[]) {
  const db = t.platform.runtime.db.prisma;
  await db.blog.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      slug: `community-${freshSlug("seeded")}`,
      title: `Seeded ${i}`,
      content: "Seeded *content*",
      contentHtml: "<p>Seeded <em>content</em></p>\n",
      authorId: authors[i % authors.length],
      status: "PUBLISHED" as const,
      blogType: "USER" as const,
      publishedAt: new Date(),
      reviewedById: authors[(i + 1) % authors.length],
    })),
  });
}

describe("the blog subgraph through the gateway", () => {
  test("the workflow as GraphQL operations: create, submit, request_changes (→ DRAFT), submit, approve, publish", async () => {
    const slug = freshSlug("graph");
    const created = (await ok(CREATE, { input: { slug, title: "Graph post", content: "Body", shortDescription: "Short" } }, p.staff.token)).createBlog;
    assert.deepEqual([created.status, created.blogType, created.authorId, created.shortDescription], ["DRAFT", "SITE", p.staff.userId, "Short"]);
    assert.equal((await ok(MOVE("submitBlog"), { slug }, p.staff.token)).submitBlog.status, "PENDING_REVIEW");
    const changes = (await ok(REVIEW, { slug, action: "request_changes", notes: "More detail" }, p.admin.token)).reviewBlog;
    assert.deepEqual([changes.status, changes.reviewNotes, changes.reviewedBy], ["DRAFT", "More detail", { name: "Ada Admin" }]);
    await ok(MOVE("submitBlog"), { slug }, p.staff.token);
    assert.equal((await ok(REVIEW, { slug, action: "approve" }, p.admin.token)).reviewBlog.status, "APPROVED");
    assert.equal((await ok(MOVE("publishBlog"), { slug }, p.admin.token)).publishBlog.status, "PUBLISHED");
    const read = (await ok(`query($slug: String!) { blog(slug: $slug) { title author { id name } contentHtml } }`, { slug }, p.client.token)).blog;
    assert.deepEqual(read, { title: "Graph post", author: { id: p.staff.userId, name: "Sam Staff" }, contentHtml: "<p>Body</p>\n" });
  });

  test("errors carry their codes: anonymous, wrong role, missing, invalid move", async () => {
    const input = { slug: freshSlug(), title: "T", content: "C" };
    assert.equal(await errorCode(`mutation($input: BlogInput!) { createCommunityBlog(input: $input) { id } }`, { input }), "UNAUTHENTICATED");
    assert.equal(await errorCode(CREATE, { input }, p.client.token), "FORBIDDEN");
    const draft = (await ok(CREATE, { input }, p.staff.token)).createBlog;
    assert.equal(await errorCode(MOVE("publishBlog"), { slug: draft.slug }, p.staff.token), "FORBIDDEN");
    assert.equal(await errorCode(MOVE("unpublishBlog"), { slug: draft.slug }, p.admin.token), "BAD_REQUEST");
    assert.equal(await errorCode(`query($slug: String!) { blog(slug: $slug) { id } }`, { slug: draft.slug }), "NOT_FOUND");
    assert.equal(await errorCode(`{ pendingBlogs { id } }`, {}, p.staff.token), "FORBIDDEN");
    assert.equal(await errorCode(`{ blogs(limit: 1000) { id } }`, {}), "BAD_USER_INPUT");
  });

  test("User.blogs: a user's published posts, through accounts' user; drafts never show", async () => {
    const mine = (await ok(`mutation($input: BlogInput!) { createCommunityBlog(input: $input) { slug } }`, { input: { slug: freshSlug("mine"), title: "Mine", content: "x" } }, p.otherClient.token)).createCommunityBlog;
    const hidden = (await ok(CREATE, { input: { slug: freshSlug("hidden"), title: "Draft", content: "x" } }, p.staff.token)).createBlog;
    const data = await ok(`query($id: Int!, $staff: Int!) { user(id: $id) { name blogs { slug author { name } } } staff: user(id: $staff) { blogs(limit: 100) { slug } } }`, { id: p.otherClient.userId, staff: p.staff.userId }, p.otherClient.token);
    assert.equal(data.user.name, "Otto Other");
    assert.ok(data.user.blogs.some((blog: any) => blog.slug === mine.slug && blog.author.name === "Otto Other"));
    assert.ok(!data.staff.blogs.some((blog: any) => blog.slug === hidden.slug));
  });

  test("User.blogs pages in SQL: each page holds only its posts, with every field as the post itself reads", async () => {
    const author = p.superuser;
    const fields = "slug title tags date status blogType verified publishedAt createdAt updatedAt contentHtml authorId";
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const input = { slug: freshSlug("paged"), title: `Paged ${i}`, content: `Post *${i}*`, tags: ["a", "b"], date: "2026-01-02" };
      slugs.unshift((await ok(`mutation($input: BlogInput!) { createCommunityBlog(input: $input) { slug } }`, { input }, author.token)).createCommunityBlog.slug);
    }
    const data = await ok(
      `query($id: Int!) { user(id: $id) { first: blogs(limit: 2) { ${fields} } second: blogs(limit: 2, offset: 2) { slug } rest: blogs(limit: 10, offset: 4) { slug } } }`,
      { id: author.userId },
      author.token,
    );
    assert.deepEqual([...data.user.first.map((blog: any) => blog.slug), ...slugsOfPage(data.user.second), ...slugsOfPage(data.user.rest)], slugs);
    const single = (await ok(`query($slug: String!) { communityBlog(slug: $slug) { ${fields} } }`, { slug: slugs[0] })).communityBlog;
    assert.deepEqual(data.user.first[0], single);
    assert.equal(single.contentHtml, "<p>Post <em>4</em></p>\n");
  });

  test("50 posts with authors, reviewers and the authors' posts cost the same SQL statements as 5", async () => {
    const authors = [p.client.userId, p.otherClient.userId, p.staff.userId, p.admin.userId];
    const query = `{ communityBlogs(limit: 100) { slug author { name blogs(limit: 3) { slug } } reviewedBy { name } } }`;
    await seedPosts(5, authors);
    const small = await statementsFor(t, query, p.client.token);
    await seedPosts(45, authors);
    const large = await statementsFor(t, query, p.client.token);
    assert.ok(large.data.communityBlogs.length >= 50, `${large.data.communityBlogs.length} posts`);
    assert.ok(large.data.communityBlogs.every((blog: any) => blog.author.name && blog.author.blogs.length > 0 && (!blog.slug.includes("seeded") || blog.reviewedBy.name)));
    assert.equal(large.statements, small.statements, `5 posts: ${small.statements} statements, 50: ${large.statements}`);
    assert.ok(large.statements <= 6, `${large.statements} statements`);
    console.log(`# SQL statements: 5 posts → ${small.statements}, 50 posts → ${large.statements}`);
  });
});
