// @tier contract
// @depends redis
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { finishedJob } from "../../../testing/assets.js";
import { designScopedToken, startDesignPlatform } from "../../../testing/designs.js";
import { labelledDesign, pageLabels } from "../../../testing/page-designs.js";
import type { People } from "../../../testing/people.js";
import { DESIGN_DOMAINS, type TestPlatform } from "../../../testing/platform.js";
import { follow, wsClient } from "../../../testing/subscriptions.js";
import { requestedJobCount } from "../../../testing/workers.js";

let t: TestPlatform;
let p: People;
let token: string;
let teammate: string;
let outsider: string;
/** The client's team's designs: A (3 pages), B (2 pages); the outsider's design X (2 pages). */
let a: string;
let b: string;
let x: string;

const db = () => t.platform.runtime.db.prisma;
const insert = (designId: string, extra: Record<string, unknown> = {}, source: Record<string, unknown> = {}) => ({ type: "insert_pages", source: { type: "design", design_id: designId, ...source }, ...extra });

const merge = (body: unknown, as = token) => t.http.post("/v1/merges", body, { token: as });

/** Starts a merge and waits for its job (the documented polling loop). */
async function merged(body: unknown, as = token) {
  const created = await merge(body, as);
  assert.equal(created.status, 200, created.text);
  assert.deepEqual([Object.keys(created.body.job).sort(), created.body.job.status], [["id", "status"], "in_progress"]);
  return finishedJob(t.http, `/v1/merges/${created.body.job.id}`, as);
}

before(async () => {
  ({ t, p, token, teammate, outsider } = await startDesignPlatform({}, [...DESIGN_DOMAINS, "merges"]));
  a = await labelledDesign(t, token, "A", 3);
  b = await labelledDesign(t, teammate, "B", 2, { width: 1000, height: 500 });
  x = await labelledDesign(t, outsider, "X", 2);
});
after(() => t.stop());

describe("POST /v1/merges: a new design", () => {
  test("pages of two designs (one a teammate's) in the order the operations put them; the sources unchanged", async () => {
    const job = await merged({
      type: "create_new_design",
      title: "Quarterly deck",
      operations: [insert(a, {}, { page_numbers: [3, 1] }), insert(b, { after_page_number: 1 }), insert(a, { after_page_number: 0 }, { page_numbers: [2] })],
    });
    assert.equal(job.status, "success", JSON.stringify(job));
    const { design } = job.result;
    assert.deepEqual([design.title, design.page_count, design.url], ["Quarterly deck", 5, design.urls.edit_url]);
    assert.deepEqual(await pageLabels(t, design.id), ["A2", "A3", "B1", "B2", "A1"]);
    const pages = await db().designPage.findMany({ where: { designId: design.id }, orderBy: { index: "asc" } });
    assert.deepEqual(pages.map((page) => [page.width, page.height]), [[800, 601], [800, 602], [1000, 500], [1000, 501], [800, 600]]);
    const read = await t.http.get(`/v1/designs/${design.id}`, { token });
    assert.deepEqual([read.status, read.body.design.owner.user_id, read.body.design.design_types], [200, `U${p.client.userId}`, ["custom"]]);
    assert.deepEqual(await pageLabels(t, a), ["A1", "A2", "A3"]);
    assert.deepEqual(await pageLabels(t, b), ["B1", "B2"]);
  });

  test("followed live over graphql-ws: the current state first, then success with the design", async () => {
    const created = await t.http.graphql(
      `mutation($input: DesignMergeJobInput!) { createDesignMergeJob(input: $input) { id status } }`,
      { input: { type: "create_new_design", title: "Live", operations: [{ type: "insert_pages", source: { type: "design", designId: b } }] } },
      token,
    );
    assert.equal(created.body.errors, undefined, created.text);
    const { id } = created.body.data.createDesignMergeJob;
    const client = wsClient(t.http.baseUrl, token);
    const followed = follow(client, `subscription($id: ID!) { designMergeJob(id: $id) { id status result { design { title pageCount } } } }`, { id });
    assert.deepEqual(await followed.ended, {});
    await client.dispose();
    const last = followed.results.at(-1).data.designMergeJob;
    assert.deepEqual([last.status, last.result.design], ["success", { title: "Live", pageCount: 2 }]);
  });
});

describe("POST /v1/merges: an existing design", () => {
  test("insert, move and delete applied in order on the pages as each step leaves them; a new title; the same design", async () => {
    const target = await labelledDesign(t, token, "T", 4);
    const job = await merged({
      type: "modify_existing_design",
      design_id: target,
      title: "Reworked",
      operations: [
        insert(b, { after_page_number: 2 }),
        { type: "move_pages", from_page_numbers: [6, 1], to_after_page_number: 3 },
        { type: "delete_pages", page_numbers: [2, 5] },
      ],
    });
    assert.equal(job.status, "success", JSON.stringify(job));
    assert.deepEqual([job.result.design.id, job.result.design.title, job.result.design.page_count], [target, "Reworked", 4]);
    // T1 T2 B1 B2 T3 T4 → move T4, T1 after B1 → T2 B1 T4 T1 B2 T3 → delete 2 and 5 → T2 T4 T1 T3.
    assert.deepEqual(await pageLabels(t, target), ["T2", "T4", "T1", "T3"]);
  });

  test("two merges into one design at once both apply, one after the other", async () => {
    const target = await labelledDesign(t, token, "R", 1);
    const [first, second] = await Promise.all([merge({ type: "modify_existing_design", design_id: target, operations: [insert(a)] }), merge({ type: "modify_existing_design", design_id: target, operations: [insert(b)] })]);
    assert.deepEqual([first.status, second.status], [200, 200]);
    const jobs = await Promise.all([first, second].map((started) => finishedJob(t.http, `/v1/merges/${started.body.job.id}`, token)));
    assert.deepEqual(jobs.map((job) => job.status), ["success", "success"], JSON.stringify(jobs));
    const labels = await pageLabels(t, target);
    assert.equal(labels.length, 6);
    assert.deepEqual([...labels].sort(), ["A1", "A2", "A3", "B1", "B2", "R1"]);
  });
});

describe("POST /v1/merges: refused before any job is made", () => {
  test("page numbers past the end, repeated, positions out of range, an empty result, wrong operations: 400 bad_request_params", async () => {
    const jobs = await requestedJobCount(t);
    for (const [body, message] of [
      [{ type: "create_new_design", title: "N", operations: [insert(a, {}, { page_numbers: [4] })] }, /^Page number 4 is out of range \(design has 3 pages\)$/],
      [{ type: "create_new_design", title: "N", operations: [insert(a, {}, { page_numbers: [1, 1] })] }, /Page number 1 is named twice/],
      [{ type: "create_new_design", title: "N", operations: [insert(a, { after_page_number: 1 })] }, /Page number 1 is out of range \(design has 0 pages\)/],
      [{ type: "modify_existing_design", design_id: a, operations: [{ type: "delete_pages", page_numbers: [1, 2, 3] }] }, /no pages left/],
      [{ type: "modify_existing_design", design_id: a, operations: [{ type: "move_pages", from_page_numbers: [1], to_after_page_number: 4 }] }, /out of range/],
      [{ type: "modify_existing_design", design_id: a, operations: [{ type: "delete_pages" }] }, /operations\[0\] \(delete_pages\) needs page_numbers/],
      [{ type: "create_new_design", title: "N", operations: [{ type: "delete_pages", page_numbers: [1] }] }, /insert_pages operations only/],
      [{ type: "create_new_design", operations: [insert(a)] }, /title is required/],
      [{ type: "create_new_design", title: " ", operations: [insert(a)] }, /title must be 1 to 255/],
      [{ type: "modify_existing_design", operations: [insert(a)] }, /design_id is required/],
      [{ type: "create_new_design", title: "N", operations: [] }, /1 to 500 operations/],
      [{ type: "create_new_design", title: "N", operations: Array(501).fill(insert(a)) }, /1 to 500 operations/],
    ] as const) {
      const response = await merge(body);
      assert.deepEqual([response.status, response.body.code], [400, "bad_request_params"], `${JSON.stringify(body).slice(0, 200)}: ${response.text}`);
      assert.match(response.body.message, message);
    }
    assert.equal(await requestedJobCount(t), jobs);
    assert.deepEqual(await pageLabels(t, a), ["A1", "A2", "A3"]);
  });

  test("malformed requests: 400 with the platform's codes, never a 500", async () => {
    const unknownType = await merge({ type: "combine", operations: [insert(a)] });
    assert.deepEqual([unknownType.status, unknownType.body], [400, { code: "invalid_request", message: "Invalid merge job type: combine" }]);
    for (const body of [{ type: "create_new_design", title: "N" }, { type: "create_new_design", title: "N", operations: "all" }, { type: "create_new_design", title: "N", operations: [{ type: "copy_pages" }] }, { type: "create_new_design", title: "N", operations: [insert(a, {}, { page_numbers: ["1"] })] }, { type: "create_new_design", title: 7, operations: [insert(a)] }]) {
      const response = await merge(body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.equal(typeof response.body.code, "string");
    }
  });

  test("a document or a whiteboard: 400 bad_request_params naming the design", async () => {
    for (const name of ["doc", "whiteboard"]) {
      const created = await t.http.post("/v1/designs", { design_type: { type: "preset", name } }, { token });
      const response = await merge({ type: "create_new_design", title: "N", operations: [insert(created.body.design.id)] });
      assert.deepEqual([response.status, response.body.code], [400, "bad_request_params"]);
      assert.match(response.body.message, new RegExp(`'${created.body.design.id}' has unsupported (document|page) type: ${name}`));
    }
  });

  test("more than 500 pages in the result: 413 bad_request_params", async () => {
    const big = await labelledDesign(t, token, "Big", 260);
    const response = await merge({ type: "create_new_design", title: "Huge", operations: [insert(big), insert(big)] });
    assert.deepEqual([response.status, response.body.code], [413, "bad_request_params"]);
    assert.match(response.body.message, /exceeds the maximum allowed limit/);
  });
});

describe("merges: whose designs and jobs", () => {
  test("another team's design, as a source or as the design changed, answers as an unknown one: 404 not_found", async () => {
    for (const [body, id] of [
      [{ type: "create_new_design", title: "N", operations: [insert(a), insert(x)] }, x],
      [{ type: "modify_existing_design", design_id: x, operations: [insert(a)] }, x],
      [{ type: "create_new_design", title: "N", operations: [insert("Dunknown")] }, "Dunknown"],
    ] as const) {
      const response = await merge(body);
      assert.deepEqual(response.body, { code: "not_found", message: `Design '${id}' not found` });
      assert.equal(response.status, 404);
    }
    assert.deepEqual(await pageLabels(t, x), ["X1", "X2"]);
  });

  test("another user's job (a teammate's too) or an unknown id: 404 not_found", async () => {
    const created = await merge({ type: "create_new_design", title: "Mine", operations: [insert(a)] });
    for (const [path, as] of [[`/v1/merges/${created.body.job.id}`, outsider], [`/v1/merges/${created.body.job.id}`, teammate], ["/v1/merges/nope", token]]) {
      const response = await t.http.get(path, { token: as });
      assert.deepEqual([response.status, response.body.code], [404, "not_found"], path);
    }
    assert.equal((await finishedJob(t.http, `/v1/merges/${created.body.job.id}`, token)).status, "success");
  });

  test("no token 401; without design:content:write and design:meta:read 403 missing_scope", async () => {
    assert.equal((await merge({ type: "create_new_design", title: "N", operations: [insert(a)] }, "")).status, 401);
    const writeOnly = await designScopedToken(t.http, p, p.client, "design:content:write design:content:read");
    const response = await merge({ type: "create_new_design", title: "N", operations: [insert(a)] }, writeOnly);
    assert.deepEqual([response.status, response.body.code], [403, "missing_scope"]);
    const metaOnly = await designScopedToken(t.http, p, p.client, "design:meta:read");
    assert.deepEqual((await merge({ type: "create_new_design", title: "N", operations: [insert(a)] }, metaOnly)).body.code, "missing_scope");
  });

  test("past the documented limit: 429 too_many_requests (merge create 100 a minute)", async () => {
    const limited = await designScopedToken(t.http, p, p.client);
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await merge({ type: "create_new_design", title: "N", operations: [insert("Dunknown")] }, limited)).status);
    assert.deepEqual(statuses, [...Array(100).fill(404), 429]);
  });
});
