import { RequestRefusedError, type RestServicePart } from "../route-table.js";
import { seconds, summaryBody, type Json } from "../helpers/design-bodies.js";
import { integerParam, textParam } from "../helpers/design-requests.js";

const TEMPLATE = `id title viewUrl createUrl thumbnail { width height url } createdAt updatedAt`;
const SUMMARY = `id title url urls { editUrl viewUrl } thumbnail { width height url } createdAt updatedAt`;
const JOB = `id status error { code message } result { type design { ${SUMMARY} } }`;

/** The documented BrandTemplate: snake_case, Unix-second timestamps, `thumbnail` absent only if it could not be drawn. */
function templateBody(template: Json): Json {
  return {
    id: template.id,
    title: template.title,
    view_url: template.viewUrl,
    create_url: template.createUrl,
    ...(template.thumbnail ? { thumbnail: template.thumbnail } : {}),
    created_at: seconds(template.createdAt),
    updated_at: seconds(template.updatedAt),
  };
}

/** `{ id, status, result? { type: create_design, design }, error? { code, message } }`. */
function jobBody(job: Json): Json {
  const result = job.result as { type: string; design: Json } | null;
  return {
    id: job.id,
    status: job.status,
    ...(result ? { result: { type: result.type, design: summaryBody(result.design) } } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** `{ dataset: { <name>: { type } } }` in declaration order. */
const datasetBody = (fields: unknown) => ({ dataset: Object.fromEntries((fields as { name: string; type: string }[]).map((field) => [field.name, { type: field.type }])) });

/** The request's `title` when it is text or absent; anything else is the documented 400 `bad_request_params`. */
function titleOf(body: Json): unknown {
  if (body.title !== undefined && body.title !== null && typeof body.title !== "string") throw new RequestRefusedError("invalid_param", "title must be a string of 1 to 255 characters");
  return body.title;
}

/** The design to publish: a design id as the platform writes them, else the documented 400 `bad_request_params`. */
function publishedDesignId(body: Json): string {
  const id = body.design_id;
  if (typeof id !== "string" || !/^[a-zA-Z0-9_-]{1,50}$/.test(id)) throw new RequestRefusedError("invalid_param", `Design ID '${String(id ?? "").slice(0, 60)}' is not valid`);
  return id;
}

/**
 * The template an autofill fills: `type` is `create_from_brand_template` or absent (the documented
 * default). Filling a design made from a template (`create_from_design`, a preview of the platform) is
 * not served: designs keep which data fields they hold, not which of their elements each fills.
 */
function autofillSourceOf(body: Json): unknown {
  if (body.type === "create_from_design") throw new RequestRefusedError("not_an_object", "type create_from_design (autofill from a design) is not available: autofill from a brand template (create_from_brand_template)");
  if (body.type !== undefined && body.type !== "create_from_brand_template") throw new RequestRefusedError("not_an_object", "type must be create_from_brand_template (the default) or create_from_design");
  return body.brand_template_id;
}

/** `data` is required; its content is checked against the template's dataset by the graph. */
function dataOf(body: Json): unknown {
  if (body.data === undefined || body.data === null) throw new RequestRefusedError("not_an_object", "data is required: an object of data field names to values");
  return body.data;
}

/** Brand templates and autofill of the design platform (`{ items, continuation? }`, `{ brand_template }`, `{ dataset }`, `{ job }`). */
export default {
  name: "design",
  routes: [
    {
      method: "GET",
      path: "/brand-templates",
      operation: `query($query: String, $ownership: BrandTemplateOwnership, $sortBy: BrandTemplateSortBy, $dataset: BrandTemplateDatasetFilter, $limit: Int, $continuation: String) {
        brandTemplates(query: $query, ownership: $ownership, sortBy: $sortBy, dataset: $dataset, limit: $limit, continuation: $continuation) { items { ${TEMPLATE} } continuation } }`,
      variables: (request) => ({
        query: textParam(request, "query"),
        ownership: textParam(request, "ownership"),
        sortBy: textParam(request, "sort_by"),
        dataset: textParam(request, "dataset"),
        limit: integerParam(request, "limit"),
        continuation: textParam(request, "continuation"),
      }),
      body: (d) => {
        const list = d.brandTemplates as { items: Json[]; continuation: string | null };
        return { items: list.items.map(templateBody), ...(list.continuation ? { continuation: list.continuation } : {}) };
      },
    },
    {
      method: "POST",
      path: "/brand-templates",
      operation: `mutation($designId: ID!) { publishBrandTemplate(designId: $designId) { ${TEMPLATE} } }`,
      variables: ({ body }) => ({ designId: publishedDesignId(body) }),
      errorFields: { designId: "design_id" },
      errorCodes: { "BAD_USER_INPUT:design_id": "bad_request_params", "NOT_FOUND:design": "not_found" },
      body: (d) => ({ brand_template: templateBody(d.publishBrandTemplate as Json) }),
    },
    {
      method: "GET",
      path: "/brand-templates/:brandTemplateId",
      operation: `query($id: ID!) { brandTemplate(id: $id) { ${TEMPLATE} } }`,
      variables: ({ params }) => ({ id: params.brandTemplateId }),
      body: (d) => ({ brand_template: templateBody(d.brandTemplate as Json) }),
    },
    {
      method: "GET",
      path: "/brand-templates/:brandTemplateId/dataset",
      operation: `query($id: ID!) { brandTemplateDataset(id: $id) { name type } }`,
      variables: ({ params }) => ({ id: params.brandTemplateId }),
      body: (d) => datasetBody(d.brandTemplateDataset),
    },
    {
      method: "GET",
      path: "/designs/:designId/dataset",
      operation: `query($designId: ID!) { designDataset(designId: $designId) { name type } }`,
      variables: ({ params }) => ({ designId: params.designId }),
      errorCodes: { "NOT_FOUND:design": "not_found" },
      body: (d) => datasetBody(d.designDataset),
    },
    {
      method: "POST",
      path: "/autofills",
      // As documented for this operation: a bad title is bad_request_params, data not fitting the template autofill_data_invalid.
      errorCodes: { "BAD_REQUEST:title": "bad_request_params", BAD_REQUEST: "autofill_data_invalid" },
      operation: `mutation($brandTemplateId: ID!, $title: String, $data: AutofillData!) {
        createDesignAutofillJob(brandTemplateId: $brandTemplateId, title: $title, data: $data) { ${JOB} } }`,
      variables: ({ body }) => ({ brandTemplateId: autofillSourceOf(body), title: titleOf(body), data: dataOf(body) }),
      errorFields: { brandTemplateId: "brand_template_id" },
      body: (d) => ({ job: jobBody(d.createDesignAutofillJob as Json) }),
    },
    {
      method: "GET",
      path: "/autofills/:jobId",
      operation: `query($id: ID!) { designAutofillJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.designAutofillJob as Json) }),
    },
  ],
} satisfies RestServicePart;
