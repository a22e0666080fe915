import { pick, type RestServicePart } from "../route-table.js";
import type { Json } from "../helpers/design-bodies.js";

const JOB = `id status urls error { code message }`;

/** `{ id, status, urls?, error? { code, message } }`. */
function jobBody(job: Json): Json {
  return { id: job.id, status: job.status, ...(job.urls ? { urls: job.urls } : {}), ...(job.error ? { error: job.error } : {}) };
}

const FORMAT_MEMBERS: Record<string, string> = {
  type: "type",
  export_quality: "exportQuality",
  size: "size",
  width: "width",
  height: "height",
  lossless: "lossless",
  transparent_background: "transparentBackground",
  as_single_image: "asSingleImage",
  pages: "pages",
};

/**
 * The documented `format` object as the graph's `ExportFormatInput`: snake_case members renamed,
 * `quality` the JPEG quality (a number) or, for mp4, the video quality (a name). A non-object is left
 * for the graph to refuse; unknown members are ignored.
 */
export function exportFormatOf(format: unknown): unknown {
  if (format === null || typeof format !== "object" || Array.isArray(format)) return format;
  const given = format as Json;
  const renamed = Object.fromEntries(Object.entries(pick(given, Object.keys(FORMAT_MEMBERS))).map(([member, value]) => [FORMAT_MEMBERS[member], value]));
  if (given.quality !== undefined) renamed[given.type === "mp4" ? "videoQuality" : "quality"] = given.quality;
  return renamed;
}

/** Exports of the design platform: a design drawn into files by a job (`{ job }`, `urls` valid 24 hours). */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/exports",
      operation: `mutation($designId: ID!, $format: ExportFormatInput!) { createDesignExportJob(designId: $designId, format: $format) { ${JOB} } }`,
      variables: ({ body }) => ({ designId: (body as Json).design_id, format: exportFormatOf((body as Json).format) }),
      errorFields: { "format.videoQuality": "format.quality" },
      body: (d) => ({ job: jobBody(d.createDesignExportJob as Json) }),
      // The codes the specification documents for this operation's refusals.
      errorCodes: {
        LICENSE_REQUIRED: "license_required",
        TRANSPARENT_BACKGROUND_NOT_ALLOWED: "bad_request_params",
        "BAD_USER_INPUT:format.type": "bad_request_body",
        "BAD_USER_INPUT:format.pages": "bad_request_body",
      },
    },
    {
      method: "GET",
      path: "/exports/:exportId",
      operation: `query($id: ID!) { exportJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.exportId }),
      body: (d) => ({ job: jobBody(d.exportJob as Json) }),
    },
  ],
} satisfies RestServicePart;
