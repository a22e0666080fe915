// @tier process
// @own-process: measures the resident memory of the gateway and REST adapter processes it starts
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { CAN_RECORD_MODULES, domainLibrariesIn, loadedModules, mappedAddons, recordLoadedModules, residentBytes } from "../../testing/footprint.js";
import { composeMemorySupergraph, startMemorySubgraph } from "../../testing/memory-federation.js";
import { freeDirectPorts, freePort, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";

const MIB = 1024 * 1024;
/** Before the manifests, this gateway sat near 420 MiB (565 MiB measured elsewhere), image codecs mapped. */
const GATEWAY_MAX_RESIDENT = 250 * MIB;
const ADAPTER_MAX_RESIDENT = 160 * MIB;
/** Image codecs and canvases: native addons only the domains that draw or decode load. */
const CODECS = /(^|\/)(sharp|@img|canvas|@napi-rs)\//;

/** A query crossing the file's four subgraphs: products, their stock (inventory), their reviews and the reviewers (accounts). */
const QUERY = `{ topProducts(first: 3) { name inStock shippingEstimate reviews { author { name } } } }`;

let dir: string;
const stops: (() => Promise<void>)[] = [];
let gateway: { child: Child; url: string; modules: string };

async function startRecorded(entry: string, env: Record<string, string>, name: string): Promise<{ child: Child; modules: string }> {
  const modules = path.join(dir, `${name}-modules.txt`);
  const child = startProcess(entry, { HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString("hex"), ...recordLoadedModules(modules), ...env });
  stops.push(() => child.stop());
  return { child, modules };
}

const post = (url: string, query: string) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lean-gateway-"));
  const urls: Record<string, string> = {};
  for (const name of ["accounts", "products", "inventory", "reviews"]) {
    const subgraph = await startMemorySubgraph(name);
    stops.push(subgraph.stop);
    urls[name] = subgraph.url;
  }
  const file = path.join(dir, "supergraph.graphql");
  await writeFile(file, composeMemorySupergraph(urls));
  const port = await freePort();
  gateway = { ...(await startRecorded("gateway/index.ts", { SUPERGRAPH_FILE: file, PORT: String(port) }, "gateway")), url: `http://127.0.0.1:${port}` };
  await waitUntilHealthy(`${gateway.url}/healthz`, gateway.child);
});

after(async () => {
  for (const stop of stops.reverse()) await stop();
  await rm(dir, { recursive: true, force: true });
});

describe("the gateway over a foreign supergraph loads nothing of the product's domains", () => {
  test("it answers a query across the four subgraphs within its memory budget, with no image codec mapped", async () => {
    const response = await post(`${gateway.url}/graphql`, QUERY);
    assert.equal(response.status, 200);
    const { data, errors } = (await response.json()) as { data: { topProducts: { name: string; reviews: unknown[] }[] }; errors?: unknown };
    assert.equal(errors, undefined);
    assert.deepEqual(data.topProducts.map((product) => product.name), ["Product 1", "Product 2", "Product 3"]);
    assert.ok(data.topProducts.every((product) => product.reviews.length > 0));
    const pid = gateway.child.process.pid!;
    const resident = await residentBytes(pid);
    assert.ok(resident <= GATEWAY_MAX_RESIDENT, `gateway resident memory ${Math.round(resident / MIB)} MiB, over ${GATEWAY_MAX_RESIDENT / MIB} MiB`);
    assert.deepEqual((await mappedAddons(pid)).filter((addon) => CODECS.test(addon)), []);
  });

  test("the REST adapter in front of it stays as small and as free of domain code", async () => {
    const port = await freePort();
    const adapter = await startRecorded("rest-adapter/index.ts", { REST_PORT: String(port), GATEWAY_URL: `${gateway.url}/graphql`, ...(await freeDirectPorts()) }, "rest");
    await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, adapter.child);
    const response = await fetch(`http://127.0.0.1:${port}/api/work/projects`);
    const body = await response.text();
    assert.equal(response.status, 400, `the foreign graph has no projects: the gateway refuses the operation (${body})`);
    const resident = await residentBytes(adapter.child.process.pid!);
    assert.ok(resident <= ADAPTER_MAX_RESIDENT, `REST adapter resident memory ${Math.round(resident / MIB)} MiB, over ${ADAPTER_MAX_RESIDENT / MIB} MiB`);
    assert.deepEqual((await mappedAddons(adapter.child.process.pid!)).filter((addon) => CODECS.test(addon)), []);
    await adapter.child.stop();
    if (!CAN_RECORD_MODULES) return;
    const { packages, files } = await loadedModules(adapter.modules);
    assert.deepEqual(domainLibrariesIn(packages), []);
    assert.deepEqual(files.filter((file) => /^subgraphs\/[^/]+\/(module|manifest)\.ts$/.test(file)), []);
  });

  test("once stopped, what it loaded holds no domain library and no domain's wiring", { skip: !CAN_RECORD_MODULES && "this Node cannot record loaded modules" }, async () => {
    await gateway.child.stop();
    const { packages, files } = await loadedModules(gateway.modules);
    assert.ok(packages.includes("@apollo/gateway"), "the record holds the process's modules");
    assert.deepEqual(domainLibrariesIn(packages), []);
    assert.deepEqual(files.filter((file) => /^subgraphs\/[^/]+\/(?!manifest\.ts$)/.test(file)), [], "only the domains' manifests");
  });
});
