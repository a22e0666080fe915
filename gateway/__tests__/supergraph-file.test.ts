// @tier process
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { composeSupergraph } from "../compose.js";
import { readSupergraphFile } from "../supergraph-file.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { composeMemorySupergraph, startMemorySubgraph } from "../../testing/memory-federation.js";
import { freePort, startProcess, waitUntilHealthy, type Child } from "../../testing/processes.js";

let dir: string;
let supergraphFile: string;
const stops: (() => Promise<void>)[] = [];

async function startGateway(file: string): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = startProcess("gateway/index.ts", { SUPERGRAPH_FILE: file, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString("hex") });
  stops.push(() => child.stop());
  return { child, url: `http://127.0.0.1:${port}` };
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "supergraph-file-"));
  const urls: Record<string, string> = {};
  for (const name of ["accounts", "reviews"]) {
    const subgraph = await startMemorySubgraph(name);
    stops.push(subgraph.stop);
    urls[name] = subgraph.url;
  }
  supergraphFile = path.join(dir, "supergraph.graphql");
  await writeFile(supergraphFile, composeMemorySupergraph(urls));
});

after(async () => {
  for (const stop of stops.reverse()) await stop();
  await rm(dir, { recursive: true, force: true });
});

describe("SUPERGRAPH_FILE: the gateway serves a supergraph composed elsewhere", () => {
  test("a query crossing the file's two subgraphs is answered from both", async () => {
    const { child, url } = await startGateway(supergraphFile);
    await waitUntilHealthy(`${url}/healthz`, child);
    const response = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ user(id: "u2") { name reviews { id author { name birthday } } } }` }),
    });
    assert.equal(response.status, 200);
    const author = { name: "User Number 2", birthday: 1_086_400 };
    assert.deepEqual(await response.json(), {
      data: { user: { name: "User Number 2", reviews: ["r2", "r12", "r22"].map((id) => ({ id, author })) } },
    });
  });

  test("a file that cannot be read stops the start with the reason", async () => {
    const { child } = await startGateway(path.join(dir, "missing.graphql"));
    const code = child.process.exitCode ?? (await new Promise((resolve) => child.process.once("exit", resolve)));
    assert.equal(code, 1);
    assert.match(child.output(), /SUPERGRAPH_FILE .*missing\.graphql/);
  });

  test("a file composed from the product's own domains keeps them all (their declared subscriptions and URLs)", async () => {
    const urls = Object.fromEntries(MANIFESTS.map((domain, i) => [domain.name, `http://10.0.0.${i + 1}:4000/graphql`]));
    const file = path.join(dir, "product.graphql");
    await writeFile(file, await composeSupergraph(MANIFESTS, urls));
    const read = await readSupergraphFile(file, MANIFESTS);
    assert.deepEqual(read.subgraphUrls, urls);
    assert.deepEqual(read.domains.map((domain) => domain.name), MANIFESTS.map((domain) => domain.name));
    const foreign = await readSupergraphFile(supergraphFile, MANIFESTS);
    assert.deepEqual(foreign.domains, [], "the file's accounts subgraph shares only the name of the product's");
  });
});
