// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../testing/people.js";
import type { TestPlatform } from "../../testing/platform.js";

let t: TestPlatform;
let p: People;

before(async () => {
  ({ t, p } = await startWithPeople());
  // The payments subgraph's process goes away: its port stops answering (connections refused).
  await t.platform.subgraphs.payments.close();
});
after(() => t.stop());

describe("one subgraph down", () => {
  test("what does not need it keeps working; its fields are null with SERVICE_UNAVAILABLE; the rest of the operation answers", async () => {
    const me = await t.http.graphql(`{ me { id } }`, {}, p.client.token);
    assert.deepEqual(me.body, { data: { me: { id: p.client.userId } } });
    const mixed = await t.http.graphql(`{ me { id } invoice(id: "1") { id } }`, {}, p.client.token);
    assert.equal(mixed.status, 200);
    assert.deepEqual(mixed.body.data, { me: { id: p.client.userId }, invoice: null });
    assert.equal(mixed.body.errors?.length, 1, mixed.text);
    const [error] = mixed.body.errors!;
    assert.equal(error.extensions.code, "SERVICE_UNAVAILABLE");
    assert.equal(error.extensions.http.status, 503);
    assert.match(error.message, /payments service is unavailable/);
  });

  test("REST routes whose operation needs it answer 503 with Retry-After; others keep working", async () => {
    const invoice = await t.direct("payment").get("/invoices/1", { token: p.client.token });
    assert.equal(invoice.status, 503, invoice.text);
    assert.match(invoice.body.error, /unavailable/);
    assert.ok(Number(invoice.headers.get("retry-after")) > 0);
    const prefixed = await t.http.get("/api/payment/invoices", { token: p.client.token });
    assert.equal(prefixed.status, 503);
    const profile = await t.direct("auth").get("/profile", { token: p.client.token });
    assert.equal(profile.status, 200, profile.text);
  });

  test("/readyz of the gateway names the missing subgraph; /healthz still says the process lives", async () => {
    const ready = await t.http.get("/readyz");
    assert.equal(ready.status, 503);
    assert.equal(ready.body.status, "unavailable");
    assert.match(ready.body.checks["subgraph:payments"], /^unavailable/);
    assert.equal(ready.body.checks["subgraph:accounts"], "ok");
    assert.equal(ready.body.checks.database, "ok");
    assert.equal((await t.http.get("/healthz")).status, 200);
  });

  test("the gateway itself away: REST ports answer 503 with Retry-After in the platform's shape (last: it stays down)", async () => {
    await t.platform.main.close();
    const projects = await t.direct("work").get("/projects", { token: p.client.token });
    assert.equal(projects.status, 503, projects.text);
    assert.match(projects.body.error, /unavailable/);
    assert.ok(Number(projects.headers.get("retry-after")) > 0);
  });
});
