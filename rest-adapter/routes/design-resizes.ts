import type { RestServicePart } from "../route-table.js";
import { DESIGN_SUMMARY, summaryBody, type Json } from "../helpers/design-bodies.js";
import { designTypeOf } from "../helpers/design-requests.js";

const JOB = `id status error { code message } result { design { ${DESIGN_SUMMARY} } trialInformation { usesRemaining upgradeUrl } }`;

/** `{ id, status, result? { design, trial_information? }, error? { code, message } }`. */
function jobBody(job: Json): Json {
  const result = job.result as { design: Json; trialInformation: { usesRemaining: number; upgradeUrl: string } | null } | null;
  const trial = result?.trialInformation;
  return {
    id: job.id,
    status: job.status,
    ...(result
      ? { result: { design: summaryBody(result.design), ...(trial ? { trial_information: { uses_remaining: trial.usesRemaining, upgrade_url: trial.upgradeUrl } } : {}) } }
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
      // As documented for this operation: a design type designs cannot be resized to (a document, too large an area) is bad_request_params.
      errorCodes: { "BAD_USER_INPUT:design_type": "bad_request_params" },
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
