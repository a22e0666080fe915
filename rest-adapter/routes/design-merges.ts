import { pick, renameKeys, RequestRefusedError, type RestServicePart } from "../route-table.js";
import { DESIGN_SUMMARY, summaryBody, type Json } from "../helpers/design-bodies.js";

const JOB = `id status error { code message } result { design { ${DESIGN_SUMMARY} url } }`;
const MERGE_TYPES = ["create_new_design", "modify_existing_design"];

/** `{ id, status, result? { design }, error? { code, message } }`. */
function jobBody(job: Json): Json {
  const result = job.result as { design: Json } | null;
  return { id: job.id, status: job.status, ...(result ? { result: { design: summaryBody(result.design) } } : {}), ...(job.error ? { error: job.error } : {}) };
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** An operation as the graph's input declares it (members renamed; anything not an object is refused by the graph). */
function operationOf(operation: unknown): unknown {
  if (!isObject(operation)) return operation;
  const members = renameKeys(pick(operation, ["type", "after_page_number", "from_page_numbers", "to_after_page_number", "page_numbers"]), {
    after_page_number: "afterPageNumber",
    from_page_numbers: "fromPageNumbers",
    to_after_page_number: "toAfterPageNumber",
    page_numbers: "pageNumbers",
  });
  const { source } = operation;
  if (source === undefined) return members;
  return { ...members, source: isObject(source) ? renameKeys(pick(source, ["type", "design_id", "page_numbers"]), { design_id: "designId", page_numbers: "pageNumbers" }) : source };
}

/** The merge's input; an unknown merge `type` is the documented 400 `invalid_request`. */
function mergeInputOf(body: Json): Json {
  if (!MERGE_TYPES.includes(body.type as string)) throw new RequestRefusedError("invalid_request", `Invalid merge job type: ${String(body.type).slice(0, 50)}`);
  const operations = Array.isArray(body.operations) ? body.operations.map(operationOf) : body.operations;
  return { type: body.type, designId: body.design_id, title: body.title, operations };
}

/** Merges of the design platform: pages of designs combined into one design by a job (`{ job }`). */
export default {
  name: "design",
  routes: [
    {
      method: "POST",
      path: "/merges",
      operation: `mutation($input: DesignMergeJobInput!) { createDesignMergeJob(input: $input) { ${JOB} } }`,
      variables: ({ body }) => ({ input: mergeInputOf(body) }),
      errorCodes: { BAD_REQUEST: "bad_request_params", PAYLOAD_TOO_LARGE: "bad_request_params", "NOT_FOUND:design": "not_found" },
      body: (d) => ({ job: jobBody(d.createDesignMergeJob as Json) }),
    },
    {
      method: "GET",
      path: "/merges/:jobId",
      operation: `query($id: ID!) { designMergeJob(id: $id) { ${JOB} } }`,
      variables: ({ params }) => ({ id: params.jobId }),
      body: (d) => ({ job: jobBody(d.designMergeJob as Json) }),
    },
  ],
} satisfies RestServicePart;
