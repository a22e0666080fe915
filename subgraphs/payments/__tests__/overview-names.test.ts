// @tier contract
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startWithPeople, type People } from "../../../testing/people.js";
import type { TestPlatform } from "../../../testing/platform.js";

let t: TestPlatform;
let p: People;
before(async () => {
  ({ t, p } = await startWithPeople({}, ["accounts", "work", "payments"]));
});
after(() => t.stop());

const asStaff = (method: string, path: string, body: unknown) => t.http.request(method, path, { token: p.staff.token, body });
let numbers = 0;
const newInvoice = async (body: Record<string, unknown> = {}) => {
  const response = await asStaff("POST", "/api/payment/invoices", { invoiceNumber: `OV-${++numbers}`, clientId: p.client.userId, amount: "100.00", ...body });
  assert.equal(response.status, 201, response.text);
  return response.body;
};

describe("the platform overview's names are accepted on input; answers keep the service reference's", () => {
  test("project status ARCHIVED is CANCELLED (REST create and update, GraphQL)", async () => {
    const created = await asStaff("POST", "/api/work/projects", { name: "Old", status: "ARCHIVED" });
    assert.deepEqual([created.status, created.body.status], [201, "CANCELLED"]);
    const active = (await asStaff("POST", "/api/work/projects", { name: "Active" })).body;
    const archived = await asStaff("PUT", `/api/work/projects/${active.id}`, { status: "ARCHIVED" });
    assert.deepEqual([archived.status, archived.body.status], [200, "CANCELLED"]);
    const row = await t.platform.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: active.id } });
    assert.equal(row.status, "CANCELLED");
    const graph = await t.http.graphql(`mutation { createProject(input: { name: "G", status: ARCHIVED }) { status } }`, {}, p.staff.token);
    assert.equal(graph.body.data?.createProject.status, "CANCELLED");
  });

  test("a project's client may not archive it through the alias either (it changes the status)", async () => {
    const owned = (await asStaff("POST", "/api/work/projects", { name: "Owned", clientId: p.client.userId })).body;
    const response = await t.http.request("PUT", `/api/work/projects/${owned.id}`, { token: p.client.token, body: { status: "ARCHIVED" } });
    assert.equal(response.status, 403);
  });

  test("invoice status ISSUED is SENT (REST create and update, GraphQL)", async () => {
    assert.equal((await newInvoice({ status: "ISSUED" })).status, "SENT");
    const draft = await newInvoice();
    const issued = await asStaff("PUT", `/api/payment/invoices/${draft.id}`, { status: "ISSUED" });
    assert.deepEqual([issued.status, issued.body.status], [200, "SENT"]);
    const graph = await t.http.graphql(
      `mutation($n: String!, $c: Int!) { createInvoice(input: { invoiceNumber: $n, clientId: $c, amount: "5.00", status: ISSUED }) { status } }`,
      { n: `OV-G-${++numbers}`, c: p.client.userId },
      p.staff.token,
    );
    assert.equal(graph.body.data?.createInvoice.status, "SENT");
  });

  test("payment methods CHECK and CASH are kept; CRYPTO becomes the coin its network names, else stays CRYPTO", async () => {
    const invoice = await newInvoice({ amount: "1000.00" });
    const cases: [Record<string, unknown>, string][] = [
      [{ paymentMethod: "CHECK" }, "CHECK"],
      [{ paymentMethod: "CASH" }, "CASH"],
      [{ paymentMethod: "CRYPTO", blockchainNetwork: "Bitcoin mainnet" }, "CRYPTO_BTC"],
      [{ paymentMethod: "CRYPTO", blockchainNetwork: "ethereum" }, "CRYPTO_ETH"],
      [{ paymentMethod: "CRYPTO", blockchainNetwork: "ethereum-usdc" }, "CRYPTO_USDC"],
      [{ paymentMethod: "CRYPTO", blockchainNetwork: "solana" }, "CRYPTO"],
      [{ paymentMethod: "CRYPTO" }, "CRYPTO"],
      [{ paymentMethod: "CRYPTO_ETH", blockchainNetwork: "bitcoin" }, "CRYPTO_ETH"],
    ];
    for (const [body, expected] of cases) {
      const response = await asStaff("POST", "/api/payment/payments", { invoiceId: invoice.id, amount: "1.00", ...body });
      assert.deepEqual([response.status, response.body.paymentMethod], [201, expected], JSON.stringify(body));
      const listed = await asStaff("GET", `/api/payment/payments/${response.body.id}`, undefined);
      assert.equal(listed.body.paymentMethod, expected);
    }
    const graph = await t.http.graphql(
      `mutation($i: Int!) { createPayment(input: { invoiceId: $i, amount: "1.00", paymentMethod: CRYPTO, blockchainNetwork: "btc" }) { paymentMethod } }`,
      { i: invoice.id },
      p.staff.token,
    );
    assert.equal(graph.body.data?.createPayment.paymentMethod, "CRYPTO_BTC");
  });

  test("names that are neither are still a 400 naming the field, and write nothing", async () => {
    const before = await t.platform.runtime.db.prisma.invoice.count();
    const response = await asStaff("POST", "/api/payment/invoices", { invoiceNumber: "OV-BAD", clientId: p.client.userId, amount: 1, status: "ISSUED_LATER" });
    assert.deepEqual([response.status, response.body.field], [400, "status"]);
    const project = await asStaff("POST", "/api/work/projects", { name: "Bad", status: "archived" });
    assert.deepEqual([project.status, project.body.field], [400, "status"]);
    assert.equal(await t.platform.runtime.db.prisma.invoice.count(), before);
  });
});
