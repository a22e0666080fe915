// @tier contract
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";
import { finishedJob } from "../../../testing/assets.js";
import { published, standardFields, startTemplatePlatform, type TemplatePlatform } from "../../../testing/brand-templates.js";
import { designWithContent } from "../../../testing/exports.js";
import { labelledDesign } from "../../../testing/page-designs.js";
import { DESIGN_DOMAINS } from "../../../testing/platform.js";

/**
 * The answers of the merge, design-creation and dataset operations validate against the design
 * platform's current public specification, as a generated client validates them.
 */
const SPEC = parse(readFileSync(new URL("../../../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8"));
// The specification's discriminators carry `mapping`, which ajv does not read: `oneOf` alone decides
// (each variant's `type` is an enum of one value, so exactly one matches).
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
ajv.addSchema(SPEC, "spec");

/** The schema of an operation's answer of `status` in the current specification. */
function answerOf(method: string, path: string, status = "200"): ValidateFunction {
  const operation = SPEC.paths[path]?.[method];
  assert.ok(operation?.responses[status], `${method.toUpperCase()} ${path} answers ${status} in the current specification`);
  const schema = operation.responses[status].content["application/json"].schema as { $ref: string };
  return ajv.compile({ $ref: `spec${schema.$ref}` });
}

/** The schema of a request body in the current specification: what we send is what a generated client sends. */
function requestOf(method: string, path: string): ValidateFunction {
  const schema = SPEC.paths[path][method].requestBody.content["application/json"].schema as { $ref: string };
  return ajv.compile({ $ref: `spec${schema.$ref}` });
}

function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  assert.ok(validate(body), `${what}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`);
}

let s: TemplatePlatform;
let a: string;
let b: string;
let templateId: string;

before(async () => {
  s = await startTemplatePlatform({}, [...DESIGN_DOMAINS, "brand-templates", "merges"]);
  a = await labelledDesign(s.t, s.token, "A", 3);
  b = await labelledDesign(s.t, s.token, "B", 2);
  const source = await designWithContent(s.t, s.token, "Poster");
  templateId = (await published(s.t, s.token, source, await standardFields(s.t, source))).id;
});
after(() => s.t.stop());

/** Sends a request the specification's request schema accepts, and answers the response. */
async function sent(path: string, body: unknown) {
  assertValid(requestOf("post", path), body, `the request to ${path}`);
  return s.t.http.post(path, body, { token: s.token });
}

describe("answers validate against the design platform's current specification", () => {
  test("POST /v1/merges and GET /v1/merges/{jobId}: a new design and a changed one", async () => {
    for (const body of [
      { type: "create_new_design", title: "Merged", operations: [{ type: "insert_pages", source: { type: "design", design_id: a, page_numbers: [2] } }, { type: "insert_pages", source: { type: "design", design_id: b }, after_page_number: 0 }] },
      { type: "modify_existing_design", design_id: b, operations: [{ type: "move_pages", from_page_numbers: [2], to_after_page_number: 0 }, { type: "delete_pages", page_numbers: [1] }] },
    ]) {
      const started = await sent("/v1/merges", body);
      assert.equal(started.status, 200, started.text);
      assertValid(answerOf("post", "/v1/merges"), started.body, "POST /v1/merges");
      const job = await finishedJob(s.t.http, `/v1/merges/${started.body.job.id}`, s.token);
      assert.equal(job.status, "success", JSON.stringify(job));
      assertValid(answerOf("get", "/v1/merges/{jobId}"), { job }, "GET /v1/merges/{jobId}");
    }
  });

  test("the merges' refusals are the specification's errors, with its statuses", async () => {
    const cases = [
      [{ type: "create_new_design", title: "N", operations: [{ type: "insert_pages", source: { type: "design", design_id: a, page_numbers: [9] } }] }, "400"],
      [{ type: "create_new_design", title: "N", operations: [{ type: "insert_pages", source: { type: "design", design_id: "Dunknown" } }] }, "404"],
    ] as const;
    for (const [body, status] of cases) {
      const response = await sent("/v1/merges", body);
      assert.equal(String(response.status), status, response.text);
      assertValid(answerOf("post", "/v1/merges", status), response.body, `POST /v1/merges ${status}`);
    }
    const unknownJob = await s.t.http.get("/v1/merges/nope", { token: s.token });
    assertValid(answerOf("get", "/v1/merges/{jobId}", "404"), unknownJob.body, "GET /v1/merges/{jobId} 404");
  });

  test("POST /v1/designs of type design and brand_template, and GET /v1/designs/{designId}/dataset", async () => {
    const copy = await sent("/v1/designs", { type: "design", design_id: a, page_numbers: [1, 3] });
    assert.equal(copy.status, 200, copy.text);
    assertValid(answerOf("post", "/v1/designs"), copy.body, "POST /v1/designs (design)");
    const fromTemplate = await sent("/v1/designs", { type: "brand_template", brand_template_id: templateId });
    assert.equal(fromTemplate.status, 200, fromTemplate.text);
    assertValid(answerOf("post", "/v1/designs"), fromTemplate.body, "POST /v1/designs (brand_template)");
    for (const designId of [fromTemplate.body.design.id, copy.body.design.id]) {
      const dataset = await s.t.http.get(`/v1/designs/${designId}/dataset`, { token: s.token });
      assert.equal(dataset.status, 200, dataset.text);
      assertValid(answerOf("get", "/v1/designs/{designId}/dataset"), dataset.body, "GET /v1/designs/{designId}/dataset");
    }
    const missing = await sent("/v1/designs", { type: "design", design_id: "Dunknown" });
    assertValid(answerOf("post", "/v1/designs", "404"), missing.body, "POST /v1/designs 404");
    const missingDataset = await s.t.http.get("/v1/designs/Dunknown/dataset", { token: s.token });
    assertValid(answerOf("get", "/v1/designs/{designId}/dataset", "404"), missingDataset.body, "GET /v1/designs/{designId}/dataset 404");
  });

  test("our own OpenAPI document has the new paths, their scopes and limits; POST /v1/designs's body without the operation's switches", async () => {
    const { body } = await s.t.http.get("/openapi/design.json");
    const merges = body.paths["/v1/merges"].post;
    assert.deepEqual([merges.security[0].oauth2.sort(), merges.responses["429"].description], [["design:content:write", "design:meta:read"], "More than 100 requests per minute"]);
    assert.deepEqual(body.paths["/v1/merges/{jobId}"].get.security[0].oauth2, ["design:meta:read"]);
    assert.deepEqual(body.paths["/v1/designs/{designId}/dataset"].get.security[0].oauth2, ["design:content:read"]);
    const members = Object.keys(body.paths["/v1/designs"].post.requestBody.content["application/json"].schema.properties).sort();
    assert.deepEqual(members, ["brand_template_id", "design_id", "input", "page_numbers"]);
  });

  test("an answer missing what the specification requires fails the check (the check can fail)", () => {
    assert.equal(answerOf("get", "/v1/merges/{jobId}")({ job: { id: "j", status: "finished" } }), false);
    assert.equal(answerOf("get", "/v1/designs/{designId}/dataset")({ dataset: { headline: { type: "video" } } }), false);
  });
});
