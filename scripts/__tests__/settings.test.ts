// @tier unit
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { loadConfig, Settings } from "../../lib/config.js";
import { fileServiceUrl, subgraphEndpoints } from "../../lib/modules/topology.js";
import { directServices } from "../../rest-adapter/server.js";
import { DOMAINS } from "../../subgraphs/registry.js";

const ROOT = new URL("../../", import.meta.url);

/** Every variable the product reads: the platform's, every domain's, every subgraph's and REST service's ports. */
function variablesRead(): Set<string> {
  const settings = new Settings({});
  const config = loadConfig(settings);
  for (const domain of DOMAINS) domain.settings?.(settings);
  subgraphEndpoints(settings, DOMAINS);
  fileServiceUrl(settings, DOMAINS);
  directServices(config);
  return settings.names;
}

/** The variables docs/configuration.md's tables document (every `NAME` in their first column). */
function variablesDocumented(): Set<string> {
  const names = readFileSync(new URL("docs/configuration.md", ROOT), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
  return new Set(names);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["__tests__", "__generated__", "node_modules"].includes(entry.name) ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

describe("settings", () => {
  test("the job console's client: both settings or neither; one alone stops the start with a clear message", () => {
    assert.equal(loadConfig({}).consoleClient, undefined);
    assert.deepEqual(loadConfig({ CONSOLE_CLIENT_ID: "OC-x", CONSOLE_CLIENT_SECRET: "s" }).consoleClient, { id: "OC-x", secret: "s" });
    assert.throws(() => loadConfig({ CONSOLE_CLIENT_ID: "OC-x" }), /CONSOLE_CLIENT_ID and CONSOLE_CLIENT_SECRET go together/);
    assert.throws(() => loadConfig({ CONSOLE_CLIENT_SECRET: "s" }), /go together/);
  });

  test("docs/configuration.md documents exactly the variables the product reads", () => {
    const read = variablesRead();
    const documented = variablesDocumented();
    assert.ok(read.size > 40, `only ${read.size} variables found`);
    assert.deepEqual([...read].filter((name) => !documented.has(name)).sort(), [], "read but not documented");
    assert.deepEqual([...documented].filter((name) => !read.has(name)).sort(), [], "documented but never read");
  });

  test("the product reads its environment only through the settings layer", () => {
    const root = new URL(".", ROOT).pathname;
    const product = ["lib", "subgraphs", "gateway", "rest-adapter", "workers"].flatMap((dir) => sourceFiles(path.join(root, dir)));
    const entries = ["scripts/start-embedded.ts", "scripts/start-subgraph.ts", "scripts/migrate.ts", "scripts/rotate-keys.ts"].map((file) => path.join(root, file));
    const allowed = new Set(["lib/settings.ts", "lib/config.ts"].map((file) => path.join(root, file)));
    const stray = [...product, ...entries].filter((file) => !allowed.has(file) && /process\.env\b/.test(readFileSync(file, "utf8")));
    assert.deepEqual(stray.map((file) => path.relative(root, file)), []);
  });
});
