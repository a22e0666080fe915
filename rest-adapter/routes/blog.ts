import { pick, renameKeys, type RestRequest, type RestRoute, type RestService } from "../route-table.js";

/** The documented JSON names: snake_case where the service shows it, the byline as `author`, reviewer and the like as ids. */
const BLOG = `id slug title author: authorName authorId date tags short_description: shortDescription content status blogType
  verified verifiedBy: verifiedById verifiedAt reviewedBy: reviewedById reviewedAt reviewNotes publishedAt
  promotedAt promotedBy: promotedById created_at: createdAt updated_at: updatedAt`;

const BLOG_BODY = ["slug", "title", "author", "date", "tags", "short_description", "content"];
const REST_TO_GRAPH = { author: "authorName", short_description: "shortDescription" };
const GRAPH_TO_REST = { authorName: "author", shortDescription: "short_description", authorId: "author_id" };

/** `?limit=&offset=`: digits become integers; anything else goes on as given and the graph refuses it (400). */
function paging({ query }: RestRequest): Record<string, unknown> {
  const asNumber = (value: unknown) => (typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value);
  return Object.fromEntries((["limit", "offset"] as const).filter((key) => query[key] !== undefined).map((key) => [key, asNumber(query[key])]));
}
const statusFilter = ({ query }: RestRequest) => (query.status === undefined ? {} : { status: query.status });
const input = ({ body }: RestRequest) => renameKeys(pick(body, BLOG_BODY), REST_TO_GRAPH);
const PAGE_ARGS = "limit: $limit, offset: $offset";
const PAGE_VARS = "$limit: Int, $offset: Int";

/** A list: `field` with the paging (and any further) arguments of the query string. */
function list(path: string, field: string, extra: { args?: string; vars?: string; variables?: (r: RestRequest) => Record<string, unknown> } = {}): RestRoute {
  return {
    method: "GET",
    path,
    operation: `query(${PAGE_VARS}${extra.vars ?? ""}) { ${field}(${PAGE_ARGS}${extra.args ?? ""}) { ${BLOG} } }`,
    variables: (request) => ({ ...paging(request), ...extra.variables?.(request) }),
    body: (d) => d[field],
    errorFields: GRAPH_TO_REST,
  };
}

/** A POST on one post by its slug (a move of the workflow or a moderation), answering the post. */
function onSlug(method: RestRoute["method"], path: string, field: string, selection = BLOG): RestRoute {
  return {
    method,
    path,
    operation: `mutation($slug: String!) { ${field}(slug: $slug) { ${selection} } }`,
    variables: ({ params }) => ({ slug: params.slug }),
    body: (d) => d[field],
  };
}

function write(method: "POST" | "PUT", path: string, field: string): RestRoute {
  const creating = method === "POST";
  return {
    method,
    path,
    operation: creating
      ? `mutation($input: BlogInput!) { ${field}(input: $input) { ${BLOG} } }`
      : `mutation($slug: String!, $input: BlogInput!) { ${field}(slug: $slug, input: $input) { ${BLOG} } }`,
    variables: (request) => (creating ? { input: input(request) } : { slug: request.params.slug, input: input(request) }),
    body: (d) => d[field],
    status: creating ? 201 : 200,
    errorFields: GRAPH_TO_REST,
  };
}

const byPublicSlug = (field: string): RestRoute => ({
  method: "GET",
  path: field === "blog" ? "/blogs/:slug" : "/community/blogs/:slug",
  operation: `query($slug: String!) { ${field}(slug: $slug) { ${BLOG} } }`,
  variables: ({ params }) => ({ slug: params.slug }),
  body: (d) => d[field],
});

const DELETION = "message id slug";

/** The blog service: `/api/blog/...` and, on BLOG_PORT, `/...`. */
export default {
  name: "blog",
  prefix: "/api/blog",
  directPort: { variable: "BLOG_PORT", port: 8085 },
  routes: [
    list("/blogs", "blogs"),
    byPublicSlug("blog"),
    list("/community/blogs", "communityBlogs"),
    byPublicSlug("communityBlog"),
    list("/community/my-blogs", "myCommunityBlogs"),
    write("POST", "/community/blogs", "createCommunityBlog"),
    write("PUT", "/community/blogs/:slug", "updateCommunityBlog"),
    onSlug("DELETE", "/community/blogs/:slug", "deleteCommunityBlog", DELETION),
    list("/admin/blogs", "adminBlogs", {
      args: ", status: $status, authorId: $authorId",
      vars: ", $status: BlogStatus, $authorId: ID",
      variables: (request) => ({ ...statusFilter(request), ...(request.query.author_id === undefined ? {} : { authorId: request.query.author_id }) }),
    }),
    list("/admin/blogs/pending", "pendingBlogs"),
    write("POST", "/admin/blogs", "createBlog"),
    write("PUT", "/admin/blogs/:slug", "updateBlog"),
    onSlug("POST", "/admin/blogs/:slug/submit", "submitBlog"),
    {
      method: "POST",
      path: "/admin/blogs/:slug/review",
      operation: `mutation($slug: String!, $action: String!, $notes: String) { reviewBlog(slug: $slug, action: $action, notes: $notes) { ${BLOG} } }`,
      variables: ({ params, body }) => ({ slug: params.slug, ...pick(body, ["action", "notes"]) }),
      body: (d) => d.reviewBlog,
    },
    onSlug("POST", "/admin/blogs/:slug/publish", "publishBlog"),
    onSlug("POST", "/admin/blogs/:slug/unpublish", "unpublishBlog"),
    onSlug("DELETE", "/admin/blogs/:slug", "deleteBlog", DELETION),
    list("/admin/community/blogs", "adminCommunityBlogs", { args: ", status: $status", vars: ", $status: BlogStatus", variables: statusFilter }),
    onSlug("POST", "/admin/community/blogs/:slug/verify", "verifyCommunityBlog"),
    onSlug("POST", "/admin/community/blogs/:slug/unverify", "unverifyCommunityBlog"),
    onSlug("POST", "/admin/community/blogs/:slug/promote", "promoteCommunityBlog"),
    onSlug("POST", "/admin/community/blogs/:slug/archive", "archiveCommunityBlog"),
    onSlug("DELETE", "/admin/community/blogs/:slug", "adminDeleteCommunityBlog", DELETION),
  ],
} satisfies RestService;
