// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DESIGN_DOMAINS } from "../../testing/platform.js";
import { setPlan, startDesignPlatform, type DesignPlatform } from "../../testing/designs.js";
import { finishedJob } from "../../testing/assets.js";
import { answerOf, assertValid } from "../../testing/current-spec.js";

/**
 * The design platform's current public specification (its OpenAPI document, as generated clients are
 * built from it): the answers of the operations it shares with the snapshot we were built from must
 * validate against it, as a generated client validates them.
 */

let d: DesignPlatform;

before(async () => {
  d = await startDesignPlatform({}, [...DESIGN_DOMAINS, "resizes"]);
  await setPlan(d.t, d.p.client.userId, "pro");
});
after(() => d.t.stop());

/**
 * The design platform's current public specification: the answers of the operations it shares with the
 * snapshot we were built from must validate against it, as a generated client validates them.
 */
describe("answers validate against the design platform's current specification", () => {
  test("POST /v1/designs, GET /v1/designs/{designId} and its pages: design_types and each page's design_type", async () => {
    for (const design_type of [{ type: "preset", name: "doc" }, { type: "custom", width: 1234, height: 567 }]) {
      const created = await d.t.http.post("/v1/designs", { design_type, title: "Contract" }, { token: d.token });
      assert.equal(created.status, 200, created.text);
      assertValid(answerOf("post", "/v1/designs"), created.body, "POST /v1/designs");
      const id = created.body.design.id;
      const read = await d.t.http.get(`/v1/designs/${id}`, { token: d.token });
      assertValid(answerOf("get", "/v1/designs/{designId}"), read.body, "GET /v1/designs/{designId}");
      const pages = await d.t.http.get(`/v1/designs/${id}/pages`, { token: d.token });
      assertValid(answerOf("get", "/v1/designs/{designId}/pages"), pages.body, "GET /v1/designs/{designId}/pages");
      const listed = await d.t.http.get("/v1/designs?ownership=owned", { token: d.token });
      assertValid(answerOf("get", "/v1/designs"), listed.body, "GET /v1/designs");
    }
  });

  test("the design summaries a finished resize job returns carry url and thumbnail", async () => {
    const source = await d.t.http.post("/v1/designs", { design_type: { type: "preset", name: "presentation" } }, { token: d.token });
    const started = await d.t.http.post("/v1/resizes", { design_id: source.body.design.id, design_type: { type: "custom", width: 1200, height: 1200 } }, { token: d.token });
    assert.equal(started.status, 200, started.text);
    assertValid(answerOf("post", "/v1/resizes"), started.body, "POST /v1/resizes");
    const job = await finishedJob(d.t.http, `/v1/resizes/${started.body.job.id}`, d.token);
    assert.equal(job.status, "success", JSON.stringify(job));
    assertValid(answerOf("get", "/v1/resizes/{jobId}"), { job }, "GET /v1/resizes/{jobId}");
    assert.equal(job.result.design.url, job.result.design.urls.edit_url);
  });

  test("an answer missing what the specification requires fails the check (the check can fail)", async () => {
    const created = await d.t.http.post("/v1/designs", { design_type: { type: "preset", name: "email" } }, { token: d.token });
    const { design_types: _dropped, ...older } = created.body.design;
    assert.equal(answerOf("post", "/v1/designs")({ design: older }), false);
  });
});
