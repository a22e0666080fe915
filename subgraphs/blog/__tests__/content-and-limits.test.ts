// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { allBlogs, api, blogBody, communityPost, draft, freshSlug } from "./fixtures.js";

let t: TestPlatform;
let p: People;
before(async () => ({ t, p } = await startWithPeople({}, ["accounts", "blog"])));
after(() => t.stop());

const HOSTILE = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">raw link</a>',
  "<iframe src=\"https://example.org\"></iframe><svg onload=alert(1)></svg><style>body{display:none}</style>",
  "[click](javascript:alert(1)) [upper](JaVaScRiPt:alert(1)) [spaced](  javascript:alert(1))",
  "[entity](&#106;avascript:alert(1)) [tab](java\tscript:alert(1)) [vb](vbscript:msgbox(1))",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) ![img](javascript:alert(1))",
  "<javascript:alert(1)> <div onclick=\"alert(1)\">div</div>",
  '[quoted](https://example.org/" onmouseover="alert(1))',
  "```html\n<script>alert(1)</script>\n```",
].join("\n\n");

/** Every tag of the HTML: none may be a script or frame, carry a handler or style, or point at a script URL. */
function assertHarmless(html: string) {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    assert.doesNotMatch(tag, /^<\/?(script|iframe|svg|style|object|embed|div)\b/i, tag);
    assert.doesNotMatch(tag, /\son[a-z]+\s*=/i, tag);
    assert.doesNotMatch(tag, /\sstyle\s*=/i, tag);
    assert.doesNotMatch(tag, /(javascript|vbscript|data):/i, tag);
  }
}

const contentHtml = async (slug: string) => {
  const response = await t.http.graphql(`query($slug: String!) { communityBlog(slug: $slug) { content contentHtml } }`, { slug });
  assert.equal(response.body.errors, undefined, JSON.stringify(response.body.errors));
  return response.body.data.communityBlog;
};

describe("content: markdown stored as given, sanitized HTML in the graph", () => {
  test("hostile markdown is stored as sent, and its HTML carries no script, handler or script URL", async () => {
    const post = await communityPost(t, p.client, { content: HOSTILE });
    assert.equal(post.content, HOSTILE);
    const { content, contentHtml: html } = await contentHtml(post.slug);
    assert.equal(content, HOSTILE);
    assertHarmless(html);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, "raw HTML is shown as text");
  });

  test("ordinary markdown renders: headings, emphasis, lists, code, safe links with rel=nofollow", async () => {
    const markdown = "# Title\n\n**bold** and _em_\n\n- one\n- two\n\n`code`\n\n[site](https://example.org/page) ![pic](https://example.org/a.png)";
    const post = await communityPost(t, p.client, { content: markdown });
    const { contentHtml: html } = await contentHtml(post.slug);
    for (const part of ["<h1>Title</h1>", "<strong>bold</strong>", "<em>em</em>", "<li>one</li>", "<code>code</code>", 'src="https://example.org/a.png"']) {
      assert.ok(html.includes(part), `${part} in ${html}`);
    }
    assert.match(html, /<a href="https:\/\/example\.org\/page" rel="nofollow noopener noreferrer">site<\/a>/);
  });
});

describe("slugs", () => {
  test("documented pattern ^[a-z0-9]+(?:-[a-z0-9]+)*$, 1 to 100 characters; anything else is a 400 on slug", async () => {
    const before = await allBlogs(t);
    const bad = ["", "Hello", "has space", "-lead", "trail-", "double--hyphen", "ünïcode", "a/b", "../etc", "a_b", "x".repeat(101), "nul\u0000"];
    for (const slug of bad) {
      for (const [path, token] of [["/admin/blogs", p.staff.token], ["/community/blogs", p.client.token]]) {
        const response = await t.http.post(api(path), blogBody(slug), { token });
        assert.deepEqual([response.status, response.body.field], [400, "slug"], `${path} ${JSON.stringify(slug)}`);
      }
    }
    for (const slug of [undefined, null, 42]) {
      const response = await t.http.post(api("/admin/blogs"), blogBody(undefined, { slug }), { token: p.staff.token });
      assert.deepEqual([response.status, response.body.field], [400, "slug"], JSON.stringify(slug));
    }
    assert.deepEqual(await allBlogs(t), before);
    for (const slug of ["a", `b-1-${process.pid}`, "c".repeat(100)]) {
      assert.equal((await t.http.post(api("/admin/blogs"), blogBody(slug), { token: p.staff.token })).status, 201, slug);
    }
  });

  test("a taken slug is a 409, for both types and across them; nothing is stored", async () => {
    const site = await draft(t, p.staff);
    const before = await allBlogs(t);
    const again = await t.http.post(api("/admin/blogs"), blogBody(site.slug), { token: p.admin.token });
    assert.deepEqual([again.status, again.body], [409, { error: "A blog with this slug already exists" }]);
    const post = await communityPost(t, p.client);
    const bare = post.slug.slice("community-".length);
    assert.equal((await t.http.post(api("/community/blogs"), blogBody(bare), { token: p.otherClient.token })).status, 409);
    assert.equal((await t.http.post(api("/admin/blogs"), blogBody(post.slug), { token: p.staff.token })).status, 409);
    assert.equal((await allBlogs(t)).length, before.length + 1);
  });

  test("unknown, malformed or huge slugs in a path are a 404, never a 500; one holding NUL is bad input (400 on slug)", async () => {
    for (const slug of ["no-such-post", "UPPER", "x".repeat(5000), "a%2Fb", "%E2%80%AE"]) {
      for (const path of [`/blogs/${slug}`, `/community/blogs/${slug}`]) {
        const response = await t.http.get(api(path));
        assert.equal(response.status, 404, `${path.slice(0, 60)}: ${response.text.slice(0, 200)}`);
      }
      const admin = await t.http.post(api(`/admin/blogs/${slug}/publish`), {}, { token: p.admin.token });
      assert.equal(admin.status, 404, slug.slice(0, 40));
    }
    // Text the database cannot store is refused by the gateway for every operation (lib/graphql/storable-text.ts).
    for (const path of ["/blogs/%00", "/community/blogs/%00"]) {
      const response = await t.http.get(api(path));
      assert.deepEqual([response.status, response.body], [400, { field: "slug", message: "slug must be free of NUL characters (U+0000)" }], path);
    }
  });
});

describe("limits and hostile input", () => {
  const over = (n: number) => "x".repeat(n + 1);
  const cases: [Record<string, unknown>, string][] = [
    [{ title: over(200) }, "title"],
    [{ title: "   " }, "title"],
    [{ title: undefined }, "title"],
    [{ title: 12 }, "title"],
    [{ author: over(100) }, "author"],
    [{ short_description: over(500) }, "short_description"],
    [{ content: over(100_000) }, "content"],
    [{ content: "" }, "content"],
    [{ content: { $ne: 1 } }, "content"],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags"],
    [{ tags: [over(40)] }, "tags"],
    [{ tags: [""] }, "tags"],
    [{ tags: [1, 2] }, "tags"],
    [{ date: "2026-13-45" }, "date"],
    [{ date: "yesterday" }, "date"],
    [{ title: "nul\u0000title" }, "title"],
  ];

  test("every field over its limit, empty or of the wrong type is a 400 naming it; nothing is stored", async () => {
    const before = await allBlogs(t);
    for (const [extra, field] of cases) {
      for (const [path, token] of [["/admin/blogs", p.staff.token], ["/community/blogs", p.client.token]]) {
        const response = await t.http.post(api(path), blogBody(freshSlug(), extra), { token });
        assert.deepEqual([response.status, response.body.field], [400, field], `${path} ${JSON.stringify(extra).slice(0, 80)}: ${response.text.slice(0, 200)}`);
      }
    }
    assert.deepEqual(await allBlogs(t), before);
  });

  test("exactly at the limits is accepted", async () => {
    const body = {
      title: "t".repeat(200),
      author: "a".repeat(100),
      short_description: "s".repeat(500),
      content: "c".repeat(100_000),
      tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, "g")),
    };
    const response = await t.http.post(api("/community/blogs"), blogBody(freshSlug(), body), { token: p.client.token });
    assert.equal(response.status, 201, response.text.slice(0, 200));
    assert.equal(response.body.content.length, 100_000);
  });

  test("updates are held to the same limits and a refused update changes nothing", async () => {
    const post = await communityPost(t, p.client);
    const before = await allBlogs(t);
    for (const [extra, field] of cases.filter(([extra]) => !("title" in extra && extra.title === undefined) && !(extra.content === ""))) {
      const response = await t.http.put(api(`/community/blogs/${post.slug}`), extra, { token: p.client.token });
      assert.deepEqual([response.status, response.body.field], [400, field], JSON.stringify(extra).slice(0, 80));
    }
    assert.deepEqual(await allBlogs(t), before);
  });

  test("oversized bodies are a 413, malformed ones a 400; never a 500", async () => {
    const huge = await t.http.post(api("/community/blogs"), blogBody(freshSlug(), { content: "x".repeat(2_000_000) }), { token: p.client.token });
    assert.equal(huge.status, 413);
    for (const body of ["{not json", "null", "[]", '"text"', "42"]) {
      const response = await t.http.request("POST", api("/community/blogs"), { body, token: p.client.token, headers: { "content-type": "application/json" } });
      assert.ok(response.status === 400, `${body}: ${response.status} ${response.text}`);
    }
    const notes = await t.http.post(api(`/admin/blogs/${(await draft(t, p.staff)).slug}/review`), { action: "reject", notes: "n".repeat(2001) }, { token: p.admin.token });
    assert.deepEqual([notes.status, notes.body.field], [400, "notes"]);
  });
});
