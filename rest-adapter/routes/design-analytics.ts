import { RequestRefusedError, type RestRequest, type RestServicePart } from "../route-table.js";
import { seconds, type Json } from "../helpers/design-bodies.js";
import { integerParam, textParam } from "../helpers/design-requests.js";

/** A Unix-seconds query parameter as the graph's DateTime; anything but an integer is refused as the platform words it. */
function unixSecondsParam(request: RestRequest, name: string): string | undefined {
  const value = textParam(request, name);
  if (value === undefined) return undefined;
  if (!/^-?\d{1,11}$/.test(value)) throw new RequestRefusedError("invalid_query_param", `Expected long for query parameter \`${name}\` but found ${value.slice(0, 50)}`);
  return new Date(Number(value) * 1000).toISOString();
}

const FILTER_TYPES = ["by_viewer", "for_editor", "by_link"];

/** The page views `filter` as the graph's input: an object with a known `type`, else refused (its other fields the graph checks). */
function pageViewFilterOf(filter: unknown): Json | undefined {
  if (filter === undefined || filter === null) return undefined;
  const given = filter as Json;
  if (typeof filter !== "object" || Array.isArray(filter) || !FILTER_TYPES.includes(given.type as string)) {
    throw new RequestRefusedError("malformed_body", "filter must include a valid type discriminator and required fields");
  }
  return { type: given.type, viewerId: given.viewer_id, linkId: given.link_id };
}

/** `page_ids` as an array (GraphQL would take one id for a list of one): anything else is refused. */
function pageIdsOf(pageIds: unknown): unknown[] {
  if (!Array.isArray(pageIds)) throw new RequestRefusedError("malformed_body", "page_ids must be an array of 1 to 100 page ids");
  return pageIds;
}

const LIST_ARGUMENTS = "limit: $limit, continuation: $continuation";
const pageOf = (request: RestRequest) => ({ limit: integerParam(request, "limit"), continuation: textParam(request, "continuation") });
const withContinuation = (list: { continuation: string | null }) => (list.continuation ? { continuation: list.continuation } : {});
const secondsOrNothing = (name: string, iso: unknown) => (iso ? { [name]: seconds(iso) } : {});

/** A list's documented body: its items in the platform's words, and its continuation when more follow. */
const listBody = (list: unknown, item: (one: Json) => Json) => {
  const answer = list as { items: Json[]; continuation: string | null };
  return { items: answer.items.map(item), ...withContinuation(answer) };
};

/** Design analytics of the design platform: views of a design through its signed links (plans holding `analytics`). */
export default {
  name: "design",
  routes: [
    {
      method: "GET",
      path: "/designs/:designId/analytics",
      operation: `query($designId: ID!) { designAnalytics(designId: $designId) { totalViewCount uniqueViewCount } }`,
      variables: ({ params }) => ({ designId: params.designId }),
      body: (d) => {
        const totals = d.designAnalytics as Json;
        return { total_view_count: totals.totalViewCount, unique_view_count: totals.uniqueViewCount };
      },
    },
    {
      method: "GET",
      path: "/designs/:designId/analytics/viewers",
      operation: `query($designId: ID!, $linkId: ID, $firstViewedAfter: DateTime, $limit: Int, $continuation: String) {
        designAnalyticsViewers(designId: $designId, linkId: $linkId, firstViewedAfter: $firstViewedAfter, ${LIST_ARGUMENTS}) {
          items { viewerId viewerType visibility firstViewedAt lastViewedAt totalViewCount pagesViewed } continuation } }`,
      variables: (request) => ({
        designId: request.params.designId,
        linkId: textParam(request, "link_id"),
        firstViewedAfter: unixSecondsParam(request, "first_viewed_after"),
        ...pageOf(request),
      }),
      body: (d) =>
        listBody(d.designAnalyticsViewers, (viewer) => ({
          viewer_id: viewer.viewerId,
          viewer_type: viewer.viewerType,
          visibility: viewer.visibility,
          first_viewed_at: seconds(viewer.firstViewedAt),
          last_viewed_at: seconds(viewer.lastViewedAt),
          total_view_count: viewer.totalViewCount,
          pages_viewed: viewer.pagesViewed,
        })),
    },
    {
      method: "GET",
      path: "/designs/:designId/analytics/views-over-time",
      operation: `query($designId: ID!, $startTime: DateTime, $endTime: DateTime, $timezone: String, $limit: Int, $continuation: String) {
        designAnalyticsViewsOverTime(designId: $designId, startTime: $startTime, endTime: $endTime, timezone: $timezone, ${LIST_ARGUMENTS}) {
          items { bucketStartAt count } continuation } }`,
      variables: (request) => ({
        designId: request.params.designId,
        startTime: unixSecondsParam(request, "start_time"),
        endTime: unixSecondsParam(request, "end_time"),
        timezone: textParam(request, "timezone"),
        ...pageOf(request),
      }),
      body: (d) => listBody(d.designAnalyticsViewsOverTime, (bucket) => ({ bucket_start_at: seconds(bucket.bucketStartAt), count: bucket.count })),
    },
    {
      method: "POST",
      path: "/designs/:designId/analytics/page-views",
      errorFields: { pageIds: "page_ids" },
      operation: `query($designId: ID!, $pageIds: [ID!]!, $filter: PageViewFilterInput, $limit: Int, $continuation: String) {
        designAnalyticsPageViews(designId: $designId, pageIds: $pageIds, filter: $filter, ${LIST_ARGUMENTS}) {
          items { pageId totalViewDurationSeconds uniqueViewCount } continuation } }`,
      variables: ({ params, body }) => ({
        designId: params.designId,
        pageIds: pageIdsOf(body.page_ids),
        filter: pageViewFilterOf(body.filter),
        limit: body.limit,
        continuation: body.continuation,
      }),
      body: (d) =>
        listBody(d.designAnalyticsPageViews, (page) => ({
          page_id: page.pageId,
          total_view_duration_seconds: page.totalViewDurationSeconds,
          ...(page.uniqueViewCount === null ? {} : { unique_view_count: page.uniqueViewCount }),
        })),
    },
    {
      method: "GET",
      path: "/designs/:designId/analytics/links",
      operation: `query($designId: ID!, $limit: Int, $continuation: String) {
        designAnalyticsLinks(designId: $designId, ${LIST_ARGUMENTS}) { items { linkId name totalViewCount uniqueViewCount lastViewedAt } continuation } }`,
      variables: (request) => ({ designId: request.params.designId, ...pageOf(request) }),
      body: (d) =>
        listBody(d.designAnalyticsLinks, (link) => ({
          link_id: link.linkId,
          name: link.name,
          total_view_count: link.totalViewCount,
          unique_view_count: link.uniqueViewCount,
          ...secondsOrNothing("last_viewed_at", link.lastViewedAt),
        })),
    },
  ],
} satisfies RestServicePart;
