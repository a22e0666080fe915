// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";
import { base64Name, designToken, png, postUpload } from "../../testing/assets.js";

type Document = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };

let t: TestPlatform;
let p: People;
const documents: Record<string, Document> = {};
before(async () => {
  ({ t, p } = await startWithPeople({ JOB_WORKERS: "0" }));
  for (const platform of ["business", "design"]) documents[platform] = (await t.http.get(`/openapi/${platform}.json`)).body;
});
after(() => t.stop());

/** The schema with every object closed: a member the document does not name fails validation too. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === "properties" ? Object.fromEntries(Object.entries(value as object).map(([name, member]) => [name, closed(member)])) : closed(value)]));
  return "properties" in copy ? { ...copy, additionalProperties: false } : copy;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** Asserts that a real answer of `method path` is what the served document says its success body is. */
function assertDocumented(platform: string, method: string, template: string, answer: { status: number; body: unknown; text: string }) {
  const operation = documents[platform].paths[template]?.[method];
  assert.ok(operation, `${method} ${template} is in the ${platform} document`);
  const documented = operation.responses[String(answer.status)]?.content?.["application/json"]?.schema;
  assert.ok(documented, `${method} ${template} documents a JSON body for ${answer.status} (${answer.text.slice(0, 200)})`);
  const validate = ajv.compile(closed(documented) as object);
  assert.equal(validate(answer.body), true, `${method} ${template}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${answer.text.slice(0, 300)}`);
}

describe("the documented response bodies are the bodies the REST paths answer", () => {
  test("business platform: sign-in, profile, projects and tasks (lists, created, one by id)", async () => {
    const login = await t.http.post("/api/auth/login-email-password", { email: p.staff.email, password: "Sup3rSecret" });
    assertDocumented("business", "post", "/api/auth/login-email-password", login);
    assertDocumented("business", "get", "/api/auth/profile", await t.http.get("/api/auth/profile", { token: p.staff.token }));
    const project = await t.http.post("/api/work/projects", { name: "Documented", clientId: p.client.userId }, { token: p.staff.token });
    assert.equal(project.status, 201, project.text);
    assertDocumented("business", "post", "/api/work/projects", project);
    assertDocumented("business", "get", "/api/work/projects", await t.http.get("/api/work/projects", { token: p.staff.token }));
    assertDocumented("business", "get", "/api/work/projects/{id}", await t.http.get(`/api/work/projects/${project.body.id}`, { token: p.staff.token }));
    const task = await t.http.post("/api/work/tasks", { projectId: project.body.id, title: "Write it down", assigneeId: p.staff.userId }, { token: p.staff.token });
    assertDocumented("business", "post", "/api/work/tasks", task);
    assertDocumented("business", "get", "/api/work/tasks", await t.http.get("/api/work/tasks", { token: p.staff.token }));
  });

  test("design platform: the user, an upload's job and the job read again", async () => {
    const token = await designToken(t.http, p, p.client);
    assertDocumented("design", "get", "/v1/users/me", await t.http.get("/v1/users/me", { token }));
    const upload = await postUpload(t.http, token, await png(40, 30), { "asset-upload-metadata": JSON.stringify({ name_base64: base64Name("Documented") }) });
    assertDocumented("design", "post", "/v1/asset-uploads", upload);
    assertDocumented("design", "get", "/v1/asset-uploads/{jobId}", await t.http.get(`/v1/asset-uploads/${upload.body.job.id}`, { token }));
  });

  test("a body of another shape fails the check (the documented list of projects is not the graph's result object)", () => {
    const operation = documents.business.paths["/api/work/projects"].get;
    const validate = ajv.compile(closed(operation.responses["200"].content!["application/json"].schema) as object);
    assert.equal(validate({ projects: [] }), false);
    assert.equal(validate([{ id: 1, surprise: true }]), false, "an undocumented member is refused");
  });
});
