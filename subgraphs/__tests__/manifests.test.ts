// @tier unit
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { CAN_RECORD_MODULES, domainLibrariesIn, loadedModules, recordLoadedModules } from "../../testing/footprint.js";
import { runProcess } from "../../testing/processes.js";
import { DOMAIN_NAMES, loadDomains, loadManifests } from "../catalog.js";

let dir: string;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "manifests-"));
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("manifests", () => {
  test("every manifest, loaded alone, brings no domain code and no domain library", { skip: !CAN_RECORD_MODULES && "this Node cannot record loaded modules" }, async () => {
    const file = path.join(dir, "loaded.txt");
    const { code, output } = await runProcess("subgraphs/manifests.ts", recordLoadedModules(file));
    assert.equal(code, 0, output);
    const { packages, files } = await loadedModules(file);
    assert.deepEqual(domainLibrariesIn(packages), []);
    assert.deepEqual(packages, ["graphql"]);
    const domainFiles = files.filter((name) => name.startsWith("subgraphs/") && !/^subgraphs\/([^/]+\/manifest|catalog|manifests)\.ts$/.test(name));
    assert.deepEqual(domainFiles, []);
    assert.equal(files.filter((name) => name.endsWith("/manifest.ts")).length, DOMAIN_NAMES.length);
  });

  test("each catalog line names one domain: its manifest and its module are that domain's, the module its manifest with its wiring", async () => {
    const [manifests, modules] = await Promise.all([loadManifests(), loadDomains()]);
    assert.deepEqual(manifests.map((manifest) => manifest.name), DOMAIN_NAMES);
    assert.deepEqual(modules.map((module) => module.name), DOMAIN_NAMES);
    for (const [i, manifest] of manifests.entries()) {
      for (const [key, value] of Object.entries(manifest)) assert.equal(modules[i][key as keyof typeof manifest], value, `${manifest.name}.${key}`);
      assert.equal(typeof modules[i].dependencies, "function", manifest.name);
    }
  });
});
