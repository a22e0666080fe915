// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { QUIET_DATABASE, startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";
import { statementsFor } from "../../../testing/statements.js";

let t: TestPlatform;
let p: People;
let projectId: number;
before(async () => {
  ({ t, p } = await startWithPeople(QUIET_DATABASE, ["accounts", "work", "payments"]));
  projectId = (await t.http.post("/api/work/projects", { name: "Billed", clientId: p.client.userId }, { token: p.staff.token })).body.id;
});
after(() => t.stop());

const INVOICES_WITH_EVERYTHING = `{ invoices { invoiceNumber amount client { name } project { name } payments { amount status } } }`;
let counter = 0;

async function seedInvoices(count: number) {
  const db = t.platform.runtime.db.prisma;
  for (let i = 0; i < count; i++) {
    const invoice = await db.invoice.create({
      data: { invoiceNumber: `FED-${++counter}`, clientId: i % 2 ? p.client.userId : p.otherClient.userId, projectId, amount: "10.00" },
    });
    await db.payment.create({ data: { invoiceId: invoice.id, amount: "4.00" } });
  }
}


describe("federation across accounts, work and payments", () => {
  test("an invoice resolves its client, its project and its payments", async () => {
    const invoice = await t.http.post("/api/payment/invoices", { invoiceNumber: "F-1", clientId: p.client.userId, projectId, amount: 75 }, { token: p.staff.token });
    await t.http.post("/api/payment/payments", { invoiceId: invoice.body.id, amount: 25 }, { token: p.staff.token });
    const response = await t.http.graphql(
      `query($id: ID!) { invoice(id: $id) { client { name email } project { name client { name } } payments { amount invoice { invoiceNumber } } } }`,
      { id: invoice.body.id },
      p.client.token,
    );
    assert.deepEqual(response.body.data.invoice, {
      client: { name: "Cleo Client", email: p.client.email },
      project: { name: "Billed", client: { name: "Cleo Client" } },
      payments: [{ amount: "25.00", invoice: { invoiceNumber: "F-1" } }],
    });
  });

  test("Project.invoices and User.invoices are contributed by payments, filtered by who asks", async () => {
    await t.http.post("/api/payment/invoices", { invoiceNumber: "F-2", clientId: p.otherClient.userId, projectId, amount: 5 }, { token: p.staff.token });
    const asStaff = await t.http.graphql(`query($id: ID!) { project(id: $id) { invoices { clientId } } }`, { id: projectId }, p.staff.token);
    const asClient = await t.http.graphql(`query($id: ID!) { project(id: $id) { invoices { clientId } } }`, { id: projectId }, p.client.token);
    const staffClients = new Set(asStaff.body.data.project.invoices.map((x: any) => x.clientId));
    assert.ok(staffClients.has(p.client.userId) && staffClients.has(p.otherClient.userId));
    assert.ok(asClient.body.data.project.invoices.every((x: any) => x.clientId === p.client.userId));
    const mine = await t.http.graphql(`{ me { invoices { invoiceNumber } } }`, {}, p.client.token);
    assert.ok(mine.body.data.me.invoices.some((x: any) => x.invoiceNumber === "F-1"));
    const others = await t.http.graphql(`query($id: Int!) { user(id: $id) { invoices { id } } }`, { id: p.otherClient.userId }, p.client.token);
    assert.equal(others.body.errors?.[0].extensions.code, "FORBIDDEN");
  });

  test("100 invoices with client, project and payments cost the same SQL statements as 10", async () => {
    await seedInvoices(10);
    const small = await statementsFor(t, INVOICES_WITH_EVERYTHING, p.superuser.token);
    await seedInvoices(90);
    const large = await statementsFor(t, INVOICES_WITH_EVERYTHING, p.superuser.token);
    assert.ok(large.data.invoices.length >= 100);
    const seeded = large.data.invoices.filter((x: any) => x.invoiceNumber.startsWith("FED-"));
    assert.equal(seeded.length, 100);
    assert.ok(seeded.every((x: any) => x.client.name && x.project?.name === "Billed" && x.payments[0].amount === "4.00"));
    assert.equal(large.statements, small.statements, `10 invoices: ${small.statements} statements, 100: ${large.statements}`);
    console.log(`# SQL statements: 10 invoices → ${small.statements}, 100 invoices → ${large.statements}`);
  });
});
