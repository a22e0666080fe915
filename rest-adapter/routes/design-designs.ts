import { RequestRefusedError, type RestRequest, type RestServicePart } from "../route-table.js";
import { seconds, type Json } from "../helpers/design-bodies.js";
import { designTypeOf, integerParam, textParam } from "../helpers/design-requests.js";

const DESIGN = `id title designTypes createdAt updatedAt pageCount owner { userId teamId } urls { editUrl viewUrl } thumbnail { width height url }`;
const PAGE = `id index designType width height thumbnail { width height url }`;

/** The documented Design: snake_case, Unix-second timestamps, what it contains as `design_types`, the rendered first page as `thumbnail` (absent only if it could not be drawn). */
function designBody(design: Json): Json {
  const owner = design.owner as Json;
  const urls = design.urls as Json;
  return {
    id: design.id,
    title: design.title,
    owner: { user_id: owner.userId, team_id: owner.teamId },
    design_types: design.designTypes,
    urls: { edit_url: urls.editUrl, view_url: urls.viewUrl },
    created_at: seconds(design.createdAt),
    updated_at: seconds(design.updatedAt),
    page_count: design.pageCount,
    ...(design.thumbnail ? { thumbnail: design.thumbnail } : {}),
  };
}

/** Which way a design is made (`type`, `type_and_asset` when absent), as the operation's `@include` switches. */
const CREATE_TYPES = { type_and_asset: "plain", design: "copy", brand_template: "fromTemplate" } as const;

/** The id a `design` or `brand_template` creation names: required text (the graph checks the rest). */
function sourceId(body: Json, member: string): string {
  if (typeof body[member] !== "string") throw new RequestRefusedError("invalid_field", `${member} is required`);
  return body[member] as string;
}

/** Variables of the one operation `POST /v1/designs` runs, whichever way the design is made. */
function createVariables({ body }: RestRequest): Json {
  const type = body.type ?? "type_and_asset";
  if (typeof type !== "string" || !Object.hasOwn(CREATE_TYPES, type)) throw new RequestRefusedError("malformed_body", "type must be type_and_asset, design or brand_template");
  const chosen = CREATE_TYPES[type as keyof typeof CREATE_TYPES];
  const switches = { plain: chosen === "plain", copy: chosen === "copy", fromTemplate: chosen === "fromTemplate" };
  if (chosen === "plain") return { ...switches, input: { designType: designTypeOf(body.design_type), assetId: body.asset_id, title: body.title } };
  if (chosen === "copy") return { ...switches, designId: sourceId(body, "design_id"), pageNumbers: body.page_numbers };
  return { ...switches, brandTemplateId: sourceId(body, "brand_template_id"), pageNumbers: body.page_numbers };
}

/** A page as documented: `index` (deprecated) and `page_number` are the same one-based number; `design_type` is its design's. */
function pageBody(page: Json): Json {
  return {
    index: page.index,
    page_number: page.index,
    id: page.id,
    design_type: page.designType,
    dimensions: { width: page.width, height: page.height },
    ...(page.thumbnail ? { thumbnail: page.thumbnail } : {}),
  };
}

/** Designs of the design platform (`{ design }`, `{ items, continuation? }`), with `{ code, message }` errors. */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/designs",
      operation: `mutation($plain: Boolean!, $copy: Boolean!, $fromTemplate: Boolean!, $input: CreateDesignInput = {}, $designId: ID = "", $brandTemplateId: ID = "", $pageNumbers: [Int!]) {
        createDesign(input: $input) @include(if: $plain) { ${DESIGN} }
        copyDesign(designId: $designId, pageNumbers: $pageNumbers) @include(if: $copy) { ${DESIGN} }
        createDesignFromBrandTemplate(brandTemplateId: $brandTemplateId, pageNumbers: $pageNumbers) @include(if: $fromTemplate) { ${DESIGN} } }`,
      variables: createVariables,
      errorCodes: { "NOT_FOUND:design": "not_found" },
      errorFields: { designId: "design_id", brandTemplateId: "brand_template_id", pageNumbers: "page_numbers" },
      body: (d) => ({ design: designBody((d.createDesign ?? d.copyDesign ?? d.createDesignFromBrandTemplate) as Json) }),
    },
    {
      method: "GET",
      path: "/designs",
      operation: `query($query: String, $ownership: DesignOwnership, $sortBy: DesignSortBy, $limit: Int, $continuation: String) {
        designs(query: $query, ownership: $ownership, sortBy: $sortBy, limit: $limit, continuation: $continuation) { items { ${DESIGN} } continuation } }`,
      variables: (request) => ({
        query: textParam(request, "query"),
        ownership: textParam(request, "ownership"),
        sortBy: textParam(request, "sort_by"),
        limit: integerParam(request, "limit"),
        continuation: textParam(request, "continuation"),
      }),
      body: (d) => {
        const list = d.designs as { items: Json[]; continuation: string | null };
        return { items: list.items.map(designBody), ...(list.continuation ? { continuation: list.continuation } : {}) };
      },
    },
    {
      method: "GET",
      path: "/designs/:designId",
      operation: `query($id: ID!) { design(id: $id) { ${DESIGN} } }`,
      variables: ({ params }) => ({ id: params.designId }),
      body: (d) => ({ design: designBody(d.design as Json) }),
    },
    {
      method: "GET",
      path: "/designs/:designId/pages",
      operation: `query($id: ID!, $offset: Int, $limit: Int) { designPages(designId: $id, offset: $offset, limit: $limit) { ${PAGE} } }`,
      variables: (request) => ({ id: request.params.designId, offset: integerParam(request, "offset"), limit: integerParam(request, "limit") }),
      body: (d) => ({ items: (d.designPages as Json[]).map(pageBody) }),
    },
    {
      method: "GET",
      path: "/designs/:designId/export-formats",
      operation: `query($id: ID!) { designExportFormats(designId: $id) }`,
      variables: ({ params }) => ({ id: params.designId }),
      body: (d) => ({ formats: Object.fromEntries((d.designExportFormats as string[]).map((format) => [format, {}])) }),
    },
  ],
} satisfies RestServicePart;
