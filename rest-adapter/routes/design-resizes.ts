import type { RestServicePart } from "../route-table.js";
import { summaryBody, type Json } from "../helpers/design-bodies.js";
import { designTypeOf } from "../helpers/design-requests.js";

const SUMMARY = `id title createdAt updatedAt pageCount urls { editUrl viewUrl } thumbnail { width height url }`;
const JOB = `id status error { code message } result { design { ${SUMMARY} } trialInformation { usesRemaining upgradeUrl } }`;

/** The imports' DesignSummary with the rendered first page as `thumbnail` (absent only if it could not be drawn). */
function designSummaryBody(design: Json): Json {
  return { ...summaryBody(design), ...(design.thumbnail ? { thumbnail: design.thumbnail } : {}) };
}

/** `{ id, status, result? { design, trial_information? }, error? { code, message } }`. */
function jobBody(job: Json): Json {
  const result = job.result as { design: Json; trialInformation: { usesRemaining: number; upgradeUrl: string } | null } | null;
  const trial = result?.trialInformation;
  return {
    id: job.id,
    status: job.status,
    ...(result
      ? { result: { design: designSummaryBody(result.design), ...(trial ? { trial_information: { uses_remaining: trial.usesRemaining, upgrade_url: trial.upgradeUrl } } : {}) } }
      : {}),
    ...(job.error ? { error: job.error } : {}),
  };
}

/** Resizes of the design platform: a resized copy of a design made by a job (`{ job }`). */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/resizes",
      operation: `mutation($designId: ID!, $designType: DesignTypeInput!) { createDesignResizeJob(designId: $designId, designType: $designType) { ${JOB} } }`,
      variables: ({ body }) => ({ designId: body.design_id, designType: designTypeOf(body.design_type) }),
      body: (d) => ({ job: jobBody(d.createDesignResizeJob as Json) }),
    },
    {
      method: "GET",
      path: "/resizes/:jobId",
      operation: `query($id: ID!) { designResizeJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.designResizeJob as Json) }),
    },
  ],
} satisfies RestServicePart;
