import { RequestRefusedError, type RestRequest, type RestServicePart } from "../route-table.js";
import { DESIGN_SUMMARY, summaryBody, type Json } from "../helpers/design-bodies.js";
import { base64Metadata } from "../helpers/design-requests.js";

const JOB = `id status error { code message } result { designs { ${DESIGN_SUMMARY} } }`;

/** `{ id, status, result? { designs }, error? { code, message } }`. */
function jobBody(job: Json): Json {
  const result = job.result as { designs: Json[] } | null;
  return {
    id: job.id,
    status: job.status,
    ...(result ? { result: { designs: result.designs.map(summaryBody) } } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** `Import-Metadata: {"title_base64": "…", "mime_type"?: "…"}` → the title (at most 50 characters) and the type hint. */
export function importMetadata(request: RestRequest): { title: string; mimeType: unknown } {
  const { metadata, text } = base64Metadata(request, "Import-Metadata", "title_base64");
  if ([...text].length > 50) throw new RequestRefusedError("invalid_field", "The title must be at most 50 characters");
  const mimeType = metadata.mime_type;
  if (mimeType !== undefined && mimeType !== null && typeof mimeType !== "string") throw new RequestRefusedError("invalid_field", "mime_type must be a string");
  return { title: text, mimeType };
}

const body = (request: RestRequest) => request.body as Json;

/** Imports of the design platform: a file's bytes or a URL read into a new design (`{ job }`). */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/imports",
      upload: {
        ticketOperation: `mutation($title: String!, $mimeType: String) { requestDesignImport(title: $title, mimeType: $mimeType) { uploadId uploadUrl } }`,
        ticketVariables: importMetadata,
        ticket: (d) => d.requestDesignImport as { uploadId: string; uploadUrl: string },
      },
      operation: `mutation($uploadId: ID!) { createDesignImportJob(uploadId: $uploadId) { ${JOB} } }`,
      variables: ({ uploadId }) => ({ uploadId }),
      body: (d) => ({ job: jobBody(d.createDesignImportJob as Json) }),
    },
    {
      method: "GET",
      path: "/imports/:jobId",
      operation: `query($id: ID!) { designImportJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.designImportJob as Json) }),
    },
    {
      method: "POST",
      path: "/url-imports",
      operation: `mutation($title: String!, $url: String!, $mimeType: String) { createUrlImportJob(title: $title, url: $url, mimeType: $mimeType) { ${JOB} } }`,
      variables: (request) => ({ title: body(request).title, url: body(request).url, mimeType: body(request).mime_type }),
      body: (d) => ({ job: jobBody(d.createUrlImportJob as Json) }),
    },
    {
      method: "GET",
      path: "/url-imports/:jobId",
      operation: `query($id: ID!) { urlImportJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.urlImportJob as Json) }),
    },
  ],
} satisfies RestServicePart;
