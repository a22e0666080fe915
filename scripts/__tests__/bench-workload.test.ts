// @tier unit
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { abRounds } from "../bench/ab-rounds.js";
import { BENCHMARK_REQUEST, benchmarkBodies, startGatewayBoundWorkload, type GatewayBoundWorkload } from "../bench/gateway-bound.js";
import { startLoadGenerator } from "../bench/processes.js";

/** The benchmark's pieces, so `npm run bench` cannot rot; no timing is asserted. */
let workload: GatewayBoundWorkload;
const loadGenerator = startLoadGenerator();

before(async () => {
  workload = await startGatewayBoundWorkload({ memoize: false });
});

after(async () => {
  loadGenerator.stop();
  await workload?.stop();
});

describe("gateway-bound benchmark workload", () => {
  test("four memory subgraphs compose, and the stock gateway and ours answer the benchmark query byte for byte alike", async () => {
    const { stock, ours } = await benchmarkBodies(workload);
    assert.equal(ours, stock);
    const data = JSON.parse(ours).data;
    assert.equal(data.users.length, 10);
    // Crossing every subgraph: accounts (name), reviews (reviews), products (price), inventory (shippingEstimate).
    const product = data.users[0].reviews[0].product;
    assert.deepEqual([data.users[0].name, product.price, product.shippingEstimate, product.reviews[0].author.name], ["User Number 1", 100, 1, "User Number 1"]);
    assert.ok(ours.length > 60_000, `answer of ${ours.length} bytes`);
  });

  test("A/B rounds load both gateways from the load generator's process and count their CPU", async () => {
    const side = (name: string, gateway: GatewayBoundWorkload["ours"]) => ({ name, request: { url: gateway.url, ...BENCHMARK_REQUEST }, pids: [gateway.child.process.pid!], gatewayPid: gateway.child.process.pid! });
    const result = await abRounds(loadGenerator.run, "smoke", "smoke", [side("ours", workload.ours), side("stock", workload.stock)], { rounds: 1, roundMs: 300, warmupMs: 100, concurrency: 2 });
    for (const { median } of result.sides) {
      assert.equal(median.errors, 0);
      assert.ok(median.rps > 0 && median.p99 >= median.p50 && median.cpuMsPerRequest >= 0);
    }
    assert.ok(Number.isFinite(result.ratios.rps));
  });
});
