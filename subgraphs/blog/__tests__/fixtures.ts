import assert from "node:assert/strict";
import type { Person } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

export const api = (path: string) => `/api/blog${path}`;

let counter = 0;
/** A slug no other test of the file uses. */
export const freshSlug = (stem = "post") => `${stem}-${process.pid}-${++counter}`;

export function blogBody(slug = freshSlug(), extra: Record<string, unknown> = {}) {
  return { slug, title: "Hello world", author: "The Team", tags: ["news"], short_description: "A first post", content: "# Hello\n\nSome *markdown*.", ...extra };
}

/** Creates an official DRAFT as `person` through REST. */
export async function draft(t: TestPlatform, person: Person, extra: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/admin/blogs"), blogBody(freshSlug("site"), extra), { token: person.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/** Creates a community post as `person` through REST. */
export async function communityPost(t: TestPlatform, person: Person, extra: Record<string, unknown> = {}) {
  const response = await t.http.post(api("/community/blogs"), blogBody(freshSlug("mine"), extra), { token: person.token });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

export const action = (t: TestPlatform, slug: string, verb: string, token?: string, body: unknown = {}) =>
  t.http.post(api(`/admin/blogs/${slug}/${verb}`), body, { token });

export const moderate = (t: TestPlatform, slug: string, verb: string, token?: string) =>
  t.http.post(api(`/admin/community/blogs/${slug}/${verb}`), {}, { token });

/** Every stored post, to prove a refused request changed nothing. */
export const allBlogs = (t: TestPlatform) => t.platform.runtime.db.prisma.blog.findMany({ orderBy: { id: "asc" } });

export const slugsOf = (body: { slug: string }[]) => body.map((blog) => blog.slug);
