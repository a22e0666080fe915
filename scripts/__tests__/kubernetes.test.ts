// @tier unit
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { kustomize, type K8sObject } from "../../testing/kustomize.js";
import { BASE_DIR, baseFiles, CONFIG_MAP, SECRET } from "../deploy-kubernetes.js";
import { GATEWAY_PORT, GROUPS, groupName, nodeCommand } from "../deploy/layout.js";

const KUBERNETES = new URL("../../deploy/kubernetes/", import.meta.url);
const OVERLAYS = readdirSync(new URL("overlays/", KUBERNETES));
const renders: Record<string, K8sObject[]> = {
  base: kustomize(fileURLToPath(BASE_DIR)),
  ...Object.fromEntries(OVERLAYS.map((overlay) => [overlay, kustomize(fileURLToPath(new URL(`overlays/${overlay}/`, KUBERNETES)))])),
};

/** The kubernetes-models class of an object (`kubernetes-models/<group>/<version>`, `kubernetes-models/v1` for the core group). */
async function modelOf(object: K8sObject): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = object.apiVersion.includes("/") ? object.apiVersion.split("/") : [undefined, object.apiVersion];
  const module = (await import(`kubernetes-models/${group ? `${group}/` : ""}${version}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = module[object.kind];
  assert.ok(model, `kubernetes-models has no ${object.apiVersion} ${object.kind}`);
  return model;
}

const pods = (objects: K8sObject[]) => objects.filter((o) => o.kind === "Deployment" || o.kind === "Job").map((o) => ({ owner: o, spec: o.spec.template.spec, labels: o.spec.template.metadata.labels }));
const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

describe("the Kubernetes manifests (deploy/kubernetes)", () => {
  test("the base is what `npm run deploy:kubernetes` writes from the manifests", () => {
    const files = baseFiles();
    assert.deepEqual(readdirSync(BASE_DIR).sort(), Object.keys(files).sort(), "run `npm run deploy:kubernetes`");
    for (const [file, text] of Object.entries(files)) assert.equal(readFileSync(new URL(file, BASE_DIR), "utf8"), text, `${file}: run \`npm run deploy:kubernetes\``);
  });

  for (const [render, objects] of Object.entries(renders)) {
    test(`${render}: every rendered object is valid against the Kubernetes schemas (kubernetes-models)`, async () => {
      assert.ok(objects.length > 10);
      for (const object of objects) {
        const Model = await modelOf(object);
        assert.doesNotThrow(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`);
      }
      const names = objects.map((o) => `${o.kind}/${o.metadata.name}`);
      assert.equal(new Set(names).size, names.length, "no object twice");
    });

    test(`${render}: each process runs node on a compiled npm script, takes its settings from the ConfigMap and the Secret, is probed on /readyz and /healthz`, () => {
      for (const { owner, spec } of pods(objects)) {
        const [container] = spec.containers;
        const what = `${owner.kind}/${owner.metadata.name}`;
        assert.equal(container.command[0], "node", what);
        assert.ok(
          Object.keys(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts)
            .filter((script) => script.includes(":prod"))
            .some((script) => nodeCommand(script).every((part, i) => container.command[i] === part)),
          `${what} runs ${container.command.join(" ")}`,
        );
        assert.deepEqual(container.envFrom, [{ configMapRef: { name: CONFIG_MAP } }, { secretRef: { name: SECRET } }], what);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true, what);
        assert.equal(spec.securityContext.runAsNonRoot, true, what);
        if (owner.kind === "Job") continue;
        assert.equal(container.readinessProbe.httpGet.path, "/readyz", what);
        assert.equal(container.livenessProbe.httpGet.path, "/healthz", what);
        const ports = container.ports.map((port: { name: string }) => port.name);
        for (const probe of ["readinessProbe", "livenessProbe", "startupProbe"]) assert.ok(ports.includes(container[probe].httpGet.port), `${what} ${probe} on a port it does not declare`);
      }
      assert.ok(named(objects, "ConfigMap", CONFIG_MAP), "the ConfigMap");
    });

    test(`${render}: Services select pods by their labels onto ports they declare; the Ingress sends every path to the gateways' origin port`, () => {
      const podList = pods(objects).filter(({ owner }) => owner.kind === "Deployment");
      for (const service of objects.filter((o) => o.kind === "Service")) {
        const selected = podList.filter(({ labels }) => matches(service.spec.selector, labels));
        assert.equal(selected.length, 1, `Service/${service.metadata.name} selects ${selected.length} Deployments`);
        const declared = selected[0].spec.containers[0].ports.map((port: { name: string }) => port.name);
        for (const port of service.spec.ports) assert.ok(declared.includes(port.targetPort), `Service/${service.metadata.name} targets ${port.targetPort}`);
      }
      const ingress = objects.find((o) => o.kind === "Ingress")!;
      const [rule] = ingress.spec.rules;
      assert.deepEqual(rule.http.paths.map((p: any) => [p.path, p.pathType, p.backend.service.name, p.backend.service.port.name]), [["/", "Prefix", "gateway", "http"]]);
      const gateway = named(objects, "Deployment", "gateway")!.spec.template.spec.containers[0];
      assert.equal(gateway.ports.find((port: { name: string }) => port.name === "http").containerPort, GATEWAY_PORT);
      const publicUrl = new URL(named(objects, "ConfigMap", CONFIG_MAP)!.data.PUBLIC_URL);
      assert.equal(publicUrl.hostname, rule.host, "PUBLIC_URL names the Ingress's host");
      if (ingress.spec.tls) assert.equal(publicUrl.protocol, "https:");
    });

    test(`${render}: every domain is served by one subgraph group on its port, where the gateways look for it`, () => {
      const config = named(objects, "ConfigMap", CONFIG_MAP)!.data;
      for (const domain of MANIFESTS) {
        const serving = pods(objects).filter(({ spec }) => spec.containers[0].command.includes("--domains") && spec.containers[0].command.at(-1).split(",").includes(domain.name));
        assert.equal(serving.length, 1, domain.name);
        const group = serving[0].owner.metadata.name;
        const port = serving[0].spec.containers[0].ports.find((p: { containerPort: number }) => p.containerPort === domain.port);
        assert.ok(port, `${group} declares no port ${domain.port} for ${domain.name}`);
        assert.equal(config[`${variablePrefix(domain.name)}_SUBGRAPH_URL`], `http://${group}:${domain.port}/graphql`);
        assert.ok(named(objects, "Service", group), `no Service ${group}`);
      }
      assert.deepEqual(GROUPS.map(groupName).sort(), pods(objects).filter(({ owner }) => owner.metadata.name.startsWith("subgraphs-")).map(({ owner }) => owner.metadata.name).sort());
    });

    test(`${render}: the gateway and the worker scale on CPU; every Deployment but the single-replica one has a disruption budget; a Job migrates`, () => {
      const scaled = objects.filter((o) => o.kind === "HorizontalPodAutoscaler").map((o) => o.spec.scaleTargetRef.name).sort();
      assert.deepEqual(scaled, ["gateway", "worker"]);
      for (const hpa of objects.filter((o) => o.kind === "HorizontalPodAutoscaler")) {
        assert.ok(named(objects, "Deployment", hpa.spec.scaleTargetRef.name));
        assert.ok(hpa.spec.minReplicas <= hpa.spec.maxReplicas);
      }
      for (const deployment of objects.filter((o) => o.kind === "Deployment")) {
        const budgets = objects.filter((o) => o.kind === "PodDisruptionBudget" && matches(o.spec.selector.matchLabels, deployment.spec.template.metadata.labels));
        const single = deployment.spec.strategy?.type === "Recreate";
        assert.equal(budgets.length, single ? 0 : 1, `Deployment/${deployment.metadata.name}`);
        if (single) assert.equal(deployment.spec.replicas, 1, "a single-replica domain stays at one");
      }
      const job = objects.find((o) => o.kind === "Job")!;
      assert.deepEqual(job.spec.template.spec.containers[0].command, nodeCommand("db:migrate:prod"));
    });

    if (render !== "base") {
      test(`${render}: the platform image is pinned (a tag or a digest, never latest), in a namespace of its own`, () => {
        for (const { owner, spec } of pods(objects)) {
          assert.match(spec.containers[0].image, /[:@]/, `${owner.metadata.name}: ${spec.containers[0].image}`);
          assert.doesNotMatch(spec.containers[0].image, /:latest$/);
        }
        const namespaces = new Set(objects.filter((o) => o.kind !== "Namespace").map((o) => o.metadata.namespace));
        assert.equal(namespaces.size, 1);
        assert.ok(named(objects, "Namespace", [...namespaces][0]!), "the namespace is made");
      });
    }
  }

  test("the deployment doc names the Secret to make and every key the processes read from it", () => {
    const doc = readFileSync(new URL("../../docs/kubernetes.md", import.meta.url), "utf8");
    assert.ok(doc.includes(`create secret generic ${SECRET}`));
    for (const key of ["JWT_SECRET", "DATABASE_URL", "REDIS_URL", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "BOOTSTRAP_SECRET"]) assert.ok(doc.includes(`--from-literal=${key}=`), key);
    for (const overlay of OVERLAYS) assert.ok(doc.includes(`deploy/kubernetes/overlays/${overlay}`), overlay);
  });
});
