// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { registerAndLogin } from "../../testing/accounts.js";
import { startTestPlatform, type TestPlatform } from "../../testing/platform.js";
import { REST_SERVICES } from "../services.js";
import { startCardProcessorServer, type CardProcessorServer } from "../../testing/card-processor-server.js";

let t: TestPlatform;
let processor: CardProcessorServer;
let superuser: { token: string };
before(async () => {
  processor = await startCardProcessorServer();
  t = await startTestPlatform({
    BODY_LIMIT: "2kb",
    PROCESSOR_SECRET_KEY: processor.secretKey,
    PROCESSOR_API_URL: processor.server.url,
    PROCESSOR_WEBHOOK_SECRET: "whsec_bad_input_sweep",
  });
  superuser = await registerAndLogin(t.http);
});
after(async () => {
  await t.stop();
  await processor.close();
});

/** Everything a request could have written. */
async function snapshot() {
  const db = t.platform.runtime.db.prisma;
  const users = await db.user.findMany({ orderBy: { id: "asc" } });
  return {
    users,
    identities: await db.identity.count(),
    projects: await db.project.findMany({ orderBy: { id: "asc" } }),
    tasks: await db.task.findMany({ orderBy: { id: "asc" } }),
    workOrders: await db.workOrder.findMany({ orderBy: { id: "asc" } }),
    invoices: await db.invoice.findMany({ orderBy: { id: "asc" } }),
    payments: await db.payment.findMany({ orderBy: { id: "asc" } }),
    events: await db.processorEvent.count(),
  };
}

describe("REST adapter: bad input", () => {
  test("malformed JSON is a 400 { error }", async () => {
    const response = await t.http.post("/api/auth/login-email-password", `{"email": "a@b.c",`);
    assert.deepEqual([response.status, response.body], [400, { error: "Malformed JSON body" }]);
  });

  test("a body over the configured limit is a 413", async () => {
    const before = await snapshot();
    const response = await t.http.post("/api/auth/register-email-password", { email: "big@example.com", password: "Passw0rd", name: "x".repeat(3000) });
    assert.deepEqual([response.status, response.body], [413, { error: "Request body too large" }]);
    assert.deepEqual(await snapshot(), before);
  });

  test("a body that is not a JSON object is a 400", async () => {
    for (const body of ["[1,2]", `"text"`, "42", "null"]) {
      const response = await t.http.post("/api/auth/register-email-password", body);
      assert.equal(response.status, 400, body);
    }
  });

  test("a body that is not JSON is a 415", async () => {
    const response = await t.http.post("/api/auth/login-email-password", "email=a&password=b", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.deepEqual([response.status, response.body], [415, { error: "Content-Type must be application/json" }]);
  });

  test("unknown paths are 404 and known paths with the wrong method 405 with Allow", async () => {
    for (const [client, path] of [[t.http, "/api/auth/nope"], [t.http, "/nope"], [t.direct("auth"), "/nope"], [t.http, "/api/nothing"]] as const) {
      const response = await client.get(path);
      assert.deepEqual([response.status, response.body], [404, { error: "Not found" }], path);
    }
    const wrongMethod = await t.http.get("/api/auth/login-email-password");
    assert.deepEqual([wrongMethod.status, wrongMethod.body], [405, { error: "Method not allowed" }]);
    assert.equal(wrongMethod.headers.get("allow"), "POST, OPTIONS");
    assert.equal((await t.direct("auth").request("DELETE", "/profile")).status, 405);
    assert.equal((await t.http.request("PUT", "/api/auth/healthz")).status, 405);
  });

  test("no input on any route produces a 5xx or writes anything", async () => {
    const before = await snapshot();
    const bodies: unknown[] = [{}, { email: [], password: {}, name: 1 }, { type: 5, identityId: 1.5, userId: -3, role: null },
      { address: "0x" + "g".repeat(40), signature: "zz", message: "" }, { email: "a".repeat(1500) }, { identityId: 2 ** 40 },
      { name: "", projectId: "x", title: 7, status: "NOPE", clientId: 1.5, startDate: "2026-13-01", orderNumber: null },
      { projectId: -1, estimatedHours: "1.005", actualHours: -1, priority: 2 ** 40, dueDate: 5, action: "maybe" },
      { name: "n".repeat(5000), description: ["x"], ipfsMetadataCid: "Qm", ipfsDocumentCid: 5, createdBy: "me" },
      { invoiceNumber: "", clientId: "x", amount: "1.005", currency: "usd1", invoiceId: -1, paymentMethod: "CASH" },
      { invoiceId: "abc", amount: 0, processorFee: "x", id: "evt_1", type: "payment_intent.succeeded" }];
    for (const service of REST_SERVICES) {
      for (const route of service.routes) {
        for (const id of /:\w*[iI]d\b/.test(route.path) ? ["abc", "-1", "999999"] : [""]) {
          const path = service.prefix + route.path.replace(/:\w*[iI]d\b/, id);
          for (const token of [undefined, superuser.token, "garbage"]) {
            for (const body of route.method === "GET" || route.method === "DELETE" ? [undefined] : bodies) {
              const response = await t.http.request(route.method, path, { token, body });
              assert.ok(response.status < 500, `${route.method} ${path} ${JSON.stringify(body)} → ${response.status} ${response.text}`);
              if (response.status >= 400) assert.ok(response.body.error || response.body.field || response.body.code || route.textErrors, response.text);
            }
          }
        }
      }
      const filtered = await t.http.get(`${service.prefix}/tasks?project_id=abc&project_id=2`, { token: superuser.token });
      assert.ok(filtered.status < 500);
    }
    assert.deepEqual(await snapshot(), before);
  });

  test("an id beyond 32 bits is a 400, not an overflow", async () => {
    const response = await t.http.post("/api/auth/unlink-identity", { identityId: 2 ** 40 }, { token: superuser.token });
    assert.deepEqual([response.status, response.body.field], [400, "identityId"]);
  });
});
