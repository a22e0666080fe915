// @tier unit
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { parse } from "yaml";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import { SUBGRAPH_PROCESSES } from "../../testing/processes.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { COMPOSE_FILE, composeText } from "../deploy-compose-file.js";

const ROOT = new URL("../../", import.meta.url);
const scripts: Record<string, string> = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).scripts;
const compose = parse(readFileSync(COMPOSE_FILE, "utf8"));

/** The file an npm script runs: `node --import … <file>.ts …` in development, `node dist/<file>.js …` compiled. */
function entryOf(script: string): string {
  const command = scripts[script];
  assert.ok(command, `package.json has no script "${script}"`);
  const match = command.match(/^node (?:--import \S+ )*(?:dist\/)?(\S+)\.(?:ts|js)\b/);
  assert.ok(match, `script "${script}" is not "node --import … <file>.ts" or "node dist/<file>.js": ${command}`);
  return match[1];
}

describe("compose.yaml and the Dockerfile", () => {
  test("compose.yaml is what `npm run deploy:compose-file` writes from the manifests", () => {
    assert.equal(readFileSync(COMPOSE_FILE, "utf8"), composeText(), "run `npm run deploy:compose-file`");
  });

  test("every service runs an npm script that exists, the compiled form of the script the split-process tests start", () => {
    const platformServices = Object.entries<any>(compose.services).filter(([, service]) => service.image === "federated-platform:latest");
    assert.ok(platformServices.length >= MANIFESTS.length + 4);
    const testedEntries = new Set(["gateway/index", "rest-adapter/index", "workers/index", ...SUBGRAPH_PROCESSES.map((p) => p.entry[0].replace(/\.ts$/, ""))]);
    for (const [name, service] of platformServices) {
      const [npm, run, script] = service.command;
      assert.deepEqual([npm, run], ["npm", "run"], `${name} does not run an npm script`);
      const development = script.replace(/^start:prod:/, "start:");
      assert.notEqual(development, script, `${name} runs ${script}, not a compiled start:prod:… script`);
      assert.equal(entryOf(script), entryOf(development), `${script} and ${development} start different files`);
      assert.ok(testedEntries.has(entryOf(script)), `${name} runs ${entryOf(script)}, which no split-process test starts`);
    }
  });

  test("every domain has its subgraph service, and both gateways know where each one is", () => {
    for (const domain of MANIFESTS) {
      const service = compose.services[`subgraph-${domain.name}`];
      assert.ok(service, `no service for ${domain.name}`);
      assert.deepEqual(service.command.slice(-1), [domain.name]);
      for (const gateway of ["gateway-a", "gateway-b"]) {
        assert.equal(compose.services[gateway].environment[`${variablePrefix(domain.name)}_SUBGRAPH_URL`], `http://subgraph-${domain.name}:${domain.port}/graphql`);
      }
    }
    assert.ok(compose.services.postgres && compose.services.redis && compose.services.worker && compose.services.rest);
  });

  test("no disk is shared: every platform process keeps its files in the object store's bucket, which is made before they start", () => {
    const platformServices = Object.entries<any>(compose.services).filter(([, service]) => service.image === "federated-platform:latest");
    for (const [name, service] of platformServices) {
      assert.equal(service.volumes, undefined, `${name} mounts a volume`);
      assert.deepEqual([service.environment.BLOB_STORE, service.environment.S3_ENDPOINT, service.environment.S3_BUCKET], ["s3", "http://object-store:9000", "platform-files"], name);
      const waitsForBucket = service.depends_on?.["object-store-bucket"]?.condition === "service_completed_successfully";
      const waitsForGateway = Boolean(service.depends_on?.["gateway-a"]) || Object.keys(service.depends_on ?? {}).some((other) => other.startsWith("subgraph-"));
      assert.ok(waitsForBucket || waitsForGateway, `${name} starts before the bucket exists`);
    }
    assert.deepEqual(Object.keys(compose.volumes).sort(), ["object-data", "postgres-data"]);
    assert.match(compose.services["object-store-bucket"].entrypoint.join(" "), /mc mb --ignore-existing store\/platform-files/);
  });

  test("the Dockerfile builds on Node 24 in stages and starts an npm script that exists", () => {
    const dockerfile = readFileSync(new URL("Dockerfile", ROOT), "utf8");
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    assert.ok(stages.length >= 2, "multi-stage");
    assert.ok(stages.every((image) => /^node:24\b/.test(image)), stages.join(", "));
    const cmd = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]);
    assert.deepEqual(cmd.slice(0, 2), ["npm", "run"]);
    assert.equal(entryOf(cmd[2]), entryOf("start"));
    assert.match(scripts[cmd[2]], /^node /, "the image runs compiled JavaScript, no TypeScript loader");
  });
});
