// @tier unit
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { parse } from "yaml";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import { SUBGRAPH_PROCESSES } from "../../testing/processes.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { COMPOSE_FILE, composeText } from "../deploy-compose-file.js";
import { DIRECT_PORTS, nodeCommand } from "../deploy/layout.js";

const ROOT = new URL("../../", import.meta.url);
const scripts: Record<string, string> = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).scripts;
const compose = parse(readFileSync(COMPOSE_FILE, "utf8"));
const services = Object.entries<any>(compose.services);
const platformServices = services.filter(([, service]) => service.image === "federated-platform:latest");
/** An image pinned by a version tag and a digest. */
export const PINNED = /^[a-z0-9][a-z0-9./-]*:[A-Za-z0-9][\w.-]*@sha256:[0-9a-f]{64}$/;

/** The file an npm script runs: `node --import … <file>.ts` in development, `node … dist/<file>.js` compiled. */
function entryOf(script: string): string {
  const command = scripts[script];
  assert.ok(command, `package.json has no script "${script}"`);
  const match = command.match(/^node (?:--import \S+ )*(?:dist\/)?(\S+)\.(?:ts|js)\b/);
  assert.ok(match, `script "${script}" is not "node --import … <file>.ts" or "node … dist/<file>.js": ${command}`);
  return match[1];
}

/** The compiled npm script a container's command is (its node line without the build check), and the arguments after it. */
function scriptOf(command: string[]): { script: string; args: string[] } | undefined {
  for (const script of Object.keys(scripts).filter((name) => name.includes(":prod"))) {
    const line = nodeCommand(script);
    if (line.every((part, i) => command[i] === part)) return { script, args: command.slice(line.length) };
  }
  return undefined;
}

describe("compose.yaml and the Dockerfile", () => {
  test("compose.yaml is what `npm run deploy:compose-file` writes from the manifests", () => {
    assert.equal(readFileSync(COMPOSE_FILE, "utf8"), composeText(), "run `npm run deploy:compose-file`");
  });

  test("every image is pinned by version and digest; MinIO's retired images are gone", () => {
    for (const [name, service] of services) {
      if (service.image === "federated-platform:latest") continue;
      assert.match(service.image, PINNED, `${name}: ${service.image}`);
      assert.doesNotMatch(service.image, /minio|:latest/, name);
    }
  });

  test("every platform service runs node (tini as PID 1), on the compiled twin of an npm script whose development form a process test starts", () => {
    assert.ok(platformServices.length >= 8);
    const testedEntries = new Set(["gateway/index", "workers/index", "scripts/start-edge", "scripts/migrate", "scripts/create-bucket", ...SUBGRAPH_PROCESSES.map((p) => p.entry[0].replace(/\.ts$/, ""))]);
    for (const [name, service] of platformServices) {
      assert.equal(service.init, true, `${name}: no init as PID 1`);
      assert.equal(service.command[0], "node", `${name} runs ${service.command[0]}, not node`);
      const found = scriptOf(service.command);
      assert.ok(found, `${name}: ${service.command.join(" ")} is no compiled npm script`);
      const development = found.script.replace(/:prod\b/, "");
      assert.equal(entryOf(found.script), entryOf(development), `${found.script} and ${development} start different files`);
      assert.ok(testedEntries.has(entryOf(found.script)), `${name} runs ${entryOf(found.script)}, which no process test starts`);
    }
  });

  test("health checks ask /readyz; a service waits for what it needs to be healthy or done, never merely started", () => {
    for (const [name, service] of platformServices) {
      const oneShot = service.restart === "no";
      if (oneShot) {
        assert.equal(service.healthcheck, undefined, name);
        continue;
      }
      assert.match(service.healthcheck.test.join(" "), /\/readyz/, `${name} probes ${service.healthcheck.test.join(" ")}`);
    }
    for (const [name, service] of services) {
      for (const [other, { condition }] of Object.entries<any>(service.depends_on ?? {})) {
        assert.ok(["service_healthy", "service_completed_successfully"].includes(condition), `${name} waits for ${other} only to be ${condition}`);
      }
    }
    for (const name of ["postgres", "redis", "object-store"]) assert.ok(compose.services[name].healthcheck, `${name} has no health check`);
  });

  test("every domain is served by exactly one subgraph group on its port, where both gateways look for it", () => {
    for (const domain of MANIFESTS) {
      const prefix = variablePrefix(domain.name);
      const serving = platformServices.filter(([, service]) => service.command.includes("--domains") && service.command.at(-1).split(",").includes(domain.name));
      assert.equal(serving.length, 1, `${domain.name} is served by ${serving.length} services`);
      const [groupName, group] = serving[0];
      assert.equal(group.environment[`${prefix}_SUBGRAPH_PORT`], String(domain.port));
      for (const gateway of ["gateway-a", "gateway-b"]) {
        assert.equal(compose.services[gateway].environment[`${prefix}_SUBGRAPH_URL`], `http://${groupName}:${domain.port}/graphql`);
      }
    }
  });

  test("one public origin: only the edge publishes ports (PORT and the services' own), over both gateways; one PUBLIC_URL everywhere", () => {
    const publishing = platformServices.filter(([, service]) => service.ports).map(([name]) => name);
    assert.deepEqual(publishing, ["edge"]);
    const edge = compose.services.edge;
    assert.deepEqual(edge.ports, ["4000:4000", ...DIRECT_PORTS.map(({ port }) => `${port}:${port}`)]);
    assert.equal(edge.environment.EDGE_UPSTREAMS, "http://gateway-a:4000,http://gateway-b:4000");
    assert.deepEqual(new Set(platformServices.map(([, service]) => service.environment.PUBLIC_URL)), new Set(["${PUBLIC_URL:-http://localhost:4000}"]));
    for (const gateway of ["gateway-a", "gateway-b"]) assert.equal(compose.services[gateway].environment.TRUST_PROXY, "uniquelocal");
  });

  test("no disk is shared: every platform process keeps its files in the object store's bucket, made (and the database migrated) before they start", () => {
    for (const [name, service] of platformServices) {
      assert.equal(service.volumes, undefined, `${name} mounts a volume`);
      assert.deepEqual([service.environment.BLOB_STORE, service.environment.S3_ENDPOINT, service.environment.S3_BUCKET], ["s3", "http://object-store:9000", "platform-files"], name);
    }
    for (const name of ["worker", ...platformServices.map(([n]) => n).filter((n) => n.startsWith("subgraphs-"))]) {
      const waits = compose.services[name].depends_on;
      assert.equal(waits["object-store-bucket"]?.condition, "service_completed_successfully", name);
      assert.equal(waits.migrate?.condition, "service_completed_successfully", name);
    }
    assert.deepEqual(Object.keys(compose.volumes).sort(), ["object-data", "postgres-data"]);
  });

  test("the Dockerfile: Node 24 pinned by digest in every stage, dependencies installed from the manifests before the sources are copied, node as the program", () => {
    const dockerfile = readFileSync(new URL("Dockerfile", ROOT), "utf8");
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    assert.ok(stages.length >= 2, "multi-stage");
    for (const image of stages) assert.match(image, /^node:24\.\d+\.\d+-bookworm-slim@sha256:[0-9a-f]{64}$/);
    assert.equal(new Set(stages).size, 1, "one base image");
    const lines = dockerfile.split("\n");
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    assert.ok(at(/^COPY package\.json package-lock\.json \.\/$/) < at(/^RUN npm ci\b/), "manifests copied, then installed");
    assert.ok(at(/^RUN npm ci\b/) < at(/^COPY \. \.$/), "installed before the sources are copied");
    const cmd = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]);
    assert.deepEqual(cmd, nodeCommand("start:prod"));
  });

  test("a start:prod script before a build says to build first, in one line, instead of a stack", () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "no-build-"));
    try {
      const check = new URL("scripts/check-build.mjs", ROOT).pathname;
      const run = spawnSync(process.execPath, ["--import", check, "dist/scripts/start-embedded.js"], { cwd: empty, encoding: "utf8" });
      assert.equal(run.status, 1);
      assert.equal(run.stderr.trim(), "there is no build in dist/: run `npm run build` first (the start:prod scripts run the compiled platform)");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    for (const [name, line] of Object.entries(scripts).filter(([name]) => name.includes(":prod"))) assert.match(line, /^node --import \.\/scripts\/check-build\.mjs /, name);
  });
});
