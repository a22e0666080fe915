import { RequestRefusedError, type RestRequest, type RestServicePart } from "../route-table.js";
import { seconds, type Json } from "../helpers/design-bodies.js";
import { base64Metadata } from "../helpers/design-requests.js";

const ASSET = `id type name tags createdAt updatedAt owner { userId teamId } thumbnail { width height url } metadata { type width height duration }`;
const JOB = `id status error { code message } asset { ${ASSET} }`;

/** The documented `metadata`: `type`, and the dimensions and (videos) duration the file gave. */
function metadataBody(metadata: Json): Json {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== null));
}

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
    metadata: metadataBody(asset.metadata as Json),
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
