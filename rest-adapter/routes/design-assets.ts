import { RequestRefusedError, type RestRequest, type RestServicePart } from "../route-table.js";

const ASSET = `id type name tags createdAt updatedAt owner { userId teamId } thumbnail { width height url }`;
const JOB = `id status error { code message } asset { ${ASSET} }`;

/** An ISO timestamp of the graph as the design platform's int64 Unix seconds. */
export const seconds = (iso: unknown) => Math.floor(new Date(String(iso)).getTime() / 1000);

type Json = Record<string, unknown>;

/** The documented Asset: snake_case, Unix-second timestamps, no member for an absent thumbnail. */
function assetBody(asset: Json): Json {
  const owner = asset.owner as Json;
  return {
    id: asset.id,
    type: asset.type,
    name: asset.name,
    tags: asset.tags,
    owner: { user_id: owner.userId, team_id: owner.teamId },
    created_at: seconds(asset.createdAt),
    updated_at: seconds(asset.updatedAt),
    ...(asset.thumbnail ? { thumbnail: asset.thumbnail } : {}),
  };
}

function jobBody(job: Json): Json {
  return {
    id: job.id,
    status: job.status,
    ...(job.asset ? { asset: assetBody(job.asset as Json) } : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A JSON object in a header (`Asset-Upload-Metadata`, `Import-Metadata`) with a Base64 text member
 * (`name_base64`, `title_base64`): the object and that member decoded, read before any byte of the body.
 */
export function base64Metadata({ headers }: RestRequest, header: string, member: string): { metadata: Record<string, unknown>; text: string } {
  const raw = headers[header.toLowerCase()];
  if (raw === undefined || raw === "") throw new RequestRefusedError("missing_header", `Missing ${header} header`);
  let metadata: unknown;
  try {
    metadata = JSON.parse(String(raw));
  } catch {
    throw new RequestRefusedError("invalid_header", `${header} must be a JSON object`);
  }
  const encoded = (metadata as Record<string, unknown> | null)?.[member];
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata) || typeof encoded !== "string") {
    throw new RequestRefusedError("invalid_header", `${header} must be a JSON object with ${member}`);
  }
  if (encoded === "" || !STRICT_BASE64.test(encoded)) throw new RequestRefusedError("invalid_field", `${member} must be non-empty Base64`);
  return { metadata: metadata as Record<string, unknown>, text: new TextDecoder("utf-8", { fatal: false }).decode(Buffer.from(encoded, "base64")) };
}

/** `Asset-Upload-Metadata: {"name_base64": "…"}` → the asset's name. */
export function uploadName(request: RestRequest): string {
  const name = base64Metadata(request, "Asset-Upload-Metadata", "name_base64").text;
  if ([...name].length > 50) throw new RequestRefusedError("invalid_field", "The asset name must be at most 50 characters");
  return name;
}

const body = (request: RestRequest) => request.body as Json;

/** `tags`, when given, must be a JSON array (GraphQL would otherwise take one string as a list of one). */
function tagsOf(request: RestRequest): unknown {
  const tags = body(request).tags;
  if (tags !== undefined && tags !== null && !Array.isArray(tags)) throw new RequestRefusedError("invalid_field", "tags must be an array of strings");
  return tags;
}

/** Assets of the design platform (`{ asset }`, `{ job }`, 204), all with `{ code, message }` errors. */
export default {
  name: "design",
  routes: [
    {
      method: "GET",
      path: "/assets/:assetId",
      operation: `query($id: ID!) { asset(id: $id) { ${ASSET} } }`,
      variables: ({ params }) => ({ id: params.assetId }),
      body: (d) => ({ asset: assetBody(d.asset as Json) }),
    },
    {
      method: "PATCH",
      path: "/assets/:assetId",
      operation: `mutation($id: ID!, $name: String, $tags: [String!]) { updateAsset(id: $id, name: $name, tags: $tags) { ${ASSET} } }`,
      variables: (request) => ({ id: request.params.assetId, name: body(request).name, tags: tagsOf(request) }),
      body: (d) => ({ asset: assetBody(d.updateAsset as Json) }),
    },
    {
      method: "DELETE",
      path: "/assets/:assetId",
      operation: `mutation($id: ID!) { deleteAsset(id: $id) }`,
      variables: ({ params }) => ({ id: params.assetId }),
      status: 204,
    },
    {
      method: "POST",
      path: "/asset-uploads",
      upload: {
        ticketOperation: `mutation($name: String!) { requestAssetUpload(name: $name) { uploadId uploadUrl } }`,
        ticketVariables: (request) => ({ name: uploadName(request) }),
        ticket: (d) => d.requestAssetUpload as { uploadId: string; uploadUrl: string },
      },
      operation: `mutation($uploadId: ID!) { createAssetUploadJob(uploadId: $uploadId) { ${JOB} } }`,
      variables: ({ uploadId }) => ({ uploadId }),
      body: (d) => ({ job: jobBody(d.createAssetUploadJob as Json) }),
    },
    {
      method: "GET",
      path: "/asset-uploads/:jobId",
      operation: `query($id: ID!) { assetUploadJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.assetUploadJob as Json) }),
    },
    {
      method: "POST",
      path: "/url-asset-uploads",
      operation: `mutation($name: String!, $url: String!) { createUrlAssetUploadJob(name: $name, url: $url) { ${JOB} } }`,
      variables: (request) => ({ name: body(request).name, url: body(request).url }),
      body: (d) => ({ job: jobBody(d.createUrlAssetUploadJob as Json) }),
    },
    {
      method: "GET",
      path: "/url-asset-uploads/:jobId",
      operation: `query($id: ID!) { urlAssetUploadJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.urlAssetUploadJob as Json) }),
    },
],
} satisfies RestServicePart;
