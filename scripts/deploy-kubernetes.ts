import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { stringify } from "yaml";
import { readCommandLine } from "../lib/process/command-line.js";
import type { ProcessGroup } from "../lib/modules/topology.js";
// Types only (erased from the build): a field Kubernetes does not know fails `npm run typecheck`; the tests validate the rendered objects too.
import type { IDeployment } from "kubernetes-models/apps/v1/Deployment";
import type { IDeploymentStrategy } from "kubernetes-models/apps/v1/DeploymentStrategy";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import type { IJob } from "kubernetes-models/batch/v1/Job";
import type { IIngress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import type { IConfigMap } from "kubernetes-models/v1/ConfigMap";
import type { IContainer } from "kubernetes-models/v1/Container";
import type { IPodSpec } from "kubernetes-models/v1/PodSpec";
import type { IService } from "kubernetes-models/v1/Service";
import { BUCKET, DIRECT_PORTS, GATEWAY_PORT, GROUPS, groupCommand, groupName, groupPorts, nodeCommand, PLATFORM_IMAGE, subgraphUrlsOn, WORKER_HEALTH_PORT } from "./deploy/layout.js";

/**
 * The Kubernetes base (`deploy/kubernetes/base/`, a kustomize base) of the scale-out layout
 * (scripts/deploy/layout.ts): a Deployment per subgraph process group, the gateways (the one public origin,
 * behind a Service and an Ingress), the job worker, a migration Job, their ConfigMap, autoscalers and
 * disruption budgets. Overlays (`deploy/kubernetes/overlays/`) are written by hand on top of it.
 * `npm run deploy:kubernetes` rewrites the base.
 */
export const BASE_DIR = new URL("../deploy/kubernetes/base/", import.meta.url);

export const CONFIG_MAP = "platform-config";
/** Made by the operator (docs/kubernetes.md), never committed: JWT_SECRET, DATABASE_URL, REDIS_URL, the S3 keys, BOOTSTRAP_SECRET. */
export const SECRET = "platform-secrets";
const APP = "federated-platform";

type Manifest = IDeployment | IService | IPodDisruptionBudget | IHorizontalPodAutoscaler | IIngress | IConfigMap | IJob;
/** A container as each process's builder gives it: the rest (name, image, settings, volumes, security) is the same for every one. */
type ContainerPart = Omit<IContainer, "name" | "image">;

const labels = (component: string) => ({ "app.kubernetes.io/name": APP, "app.kubernetes.io/component": component });

/** What every pod of the platform shares: settings from the ConfigMap and the Secret, no root, a read-only root file system (DATA_DIR and /tmp are scratch volumes). */
function podSpec(component: string, container: ContainerPart, extra: Partial<IPodSpec> = {}): IPodSpec {
  return {
    automountServiceAccountToken: false,
    securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: "RuntimeDefault" } },
    containers: [
      {
        name: component,
        image: PLATFORM_IMAGE,
        imagePullPolicy: "IfNotPresent",
        envFrom: [{ configMapRef: { name: CONFIG_MAP } }, { secretRef: { name: SECRET } }],
        securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } },
        volumeMounts: [
          { name: "data", mountPath: "/data" },
          { name: "tmp", mountPath: "/tmp" },
        ],
        ...container,
      },
    ],
    volumes: [
      { name: "data", emptyDir: {} },
      { name: "tmp", emptyDir: {} },
    ],
    ...extra,
  };
}

/** `/readyz` decides whether the pod gets traffic, `/healthz` whether it is restarted; a slow first start is given five minutes. */
function probes(port: string | number): Pick<IContainer, "startupProbe" | "readinessProbe" | "livenessProbe" | "lifecycle"> {
  return {
    startupProbe: { httpGet: { path: "/healthz", port }, periodSeconds: 5, failureThreshold: 60 },
    readinessProbe: { httpGet: { path: "/readyz", port }, periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 3 },
    livenessProbe: { httpGet: { path: "/healthz", port }, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 6 },
    // Endpoints are taken out of Services a moment after SIGTERM: keep serving meanwhile, then drain (SHUTDOWN_GRACE_MS).
    lifecycle: { preStop: { sleep: { seconds: 5 } } },
  };
}

function deployment(name: string, component: string, replicas: number, container: ContainerPart, strategy?: IDeploymentStrategy): IDeployment {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, labels: labels(component) },
    spec: {
      replicas,
      selector: { matchLabels: labels(component) },
      ...(strategy ? { strategy } : {}),
      template: { metadata: { labels: labels(component) }, spec: podSpec(component, container, { terminationGracePeriodSeconds: 30 }) },
    },
  };
}

function service(name: string, component: string, ports: { name: string; port: number }[]): IService {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name, labels: labels(component) },
    spec: { selector: labels(component), ports: ports.map(({ name: portName, port }) => ({ name: portName, port, targetPort: portName, protocol: "TCP" })) },
  };
}

function disruptionBudget(name: string, component: string): IPodDisruptionBudget {
  // At most one pod away at a time for a drain or an upgrade, whatever the replicas (a single replica can still be moved).
  return { apiVersion: "policy/v1", kind: "PodDisruptionBudget", metadata: { name, labels: labels(component) }, spec: { maxUnavailable: 1, selector: { matchLabels: labels(component) } } };
}

function autoscaler(name: string, component: string, min: number, max: number): IHorizontalPodAutoscaler {
  return {
    apiVersion: "autoscaling/v2",
    kind: "HorizontalPodAutoscaler",
    metadata: { name, labels: labels(component) },
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name },
      minReplicas: min,
      maxReplicas: max,
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } }],
    },
  };
}

const resources = (cpu: string, memory: string, memoryLimit: string) => ({ requests: { cpu, memory }, limits: { memory: memoryLimit } });

/** A port name for a domain (at most 15 characters, as Kubernetes asks). */
const portName = (domain: string) => domain.slice(0, 15);

function subgraphGroup(group: ProcessGroup): Manifest[] {
  const name = groupName(group);
  const component = name;
  const single = group.domains.some((domain) => domain.singleReplica);
  const ports = group.domains.map((domain) => ({ name: portName(domain.name), port: domain.port }));
  // Probed on the domain it binds last: the process announces itself once every domain of the group listens.
  const probed = ports.at(-1)!.name;
  return [
    deployment(
      name,
      component,
      1,
      {
        command: groupCommand(group),
        env: Object.entries(groupPorts(group)).map(([envName, value]) => ({ name: envName, value })),
        ports: ports.map(({ name: port, port: containerPort }) => ({ name: port, containerPort, protocol: "TCP" })),
        resources: group.domains.length > 6 ? resources("250m", "512Mi", "1536Mi") : resources("100m", "320Mi", "768Mi"),
        ...probes(probed),
      },
      // One replica only (a libp2p node's identity): the old pod goes before the new one starts.
      single ? { type: "Recreate" } : undefined,
    ),
    service(name, component, ports),
    ...(single ? [] : [disruptionBudget(name, component)]),
  ];
}

export function baseManifests(): Record<string, Manifest[]> {
  const gatewayPorts = [{ name: "http", port: GATEWAY_PORT }, ...DIRECT_PORTS.map(({ service: name, port }) => ({ name, port }))];
  return {
    "config.yaml": [
      {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: CONFIG_MAP, labels: labels("config") },
        data: {
          NODE_ENV: "production",
          // The one public origin, as the Ingress serves it: an overlay sets the deployment's own.
          PUBLIC_URL: "https://platform.example.com",
          LOG_FORMAT: "json",
          DATA_DIR: "/data",
          SUBGRAPH_HOST: "0.0.0.0",
          // Requests reach the gateways through the Ingress controller, from the cluster's private addresses.
          TRUST_PROXY: "uniquelocal",
          METRICS_ENABLED: "false",
          BLOB_STORE: "s3",
          S3_BUCKET: BUCKET,
          S3_REGION: "us-east-1",
          WORKER_HEALTH_PORT: String(WORKER_HEALTH_PORT),
          ...subgraphUrlsOn(groupName),
        },
      } satisfies IConfigMap,
    ],
    "gateway.yaml": [
      deployment("gateway", "gateway", 2, {
        command: nodeCommand("start:prod:gateway"),
        env: [{ name: "PORT", value: String(GATEWAY_PORT) }],
        ports: gatewayPorts.map(({ name, port }) => ({ name, containerPort: port, protocol: "TCP" })),
        resources: resources("250m", "384Mi", "768Mi"),
        ...probes("http"),
      }),
      service("gateway", "gateway", gatewayPorts),
      autoscaler("gateway", "gateway", 2, 10),
      disruptionBudget("gateway", "gateway"),
    ],
    "ingress.yaml": [
      {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: {
          name: "platform",
          labels: labels("gateway"),
          annotations: {
            // ingress-nginx (other controllers ignore these): uploads streamed, of the size the platform itself allows; WebSockets kept open.
            "nginx.ingress.kubernetes.io/proxy-body-size": "0",
            "nginx.ingress.kubernetes.io/proxy-request-buffering": "off",
            "nginx.ingress.kubernetes.io/proxy-read-timeout": "3600",
            "nginx.ingress.kubernetes.io/proxy-send-timeout": "3600",
          },
        },
        spec: {
          // Every public path goes to the gateways: they are the one origin (GraphQL, REST, OAuth, discovery, pages, files).
          rules: [{ host: "platform.example.com", http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: { name: "gateway", port: { name: "http" } } } }] } }],
        },
      } satisfies IIngress,
    ],
    ...Object.fromEntries(GROUPS.map((group) => [`${groupName(group)}.yaml`, subgraphGroup(group)])),
    "worker.yaml": [
      deployment("worker", "worker", 1, {
        command: nodeCommand("start:prod:worker"),
        ports: [{ name: "health", containerPort: WORKER_HEALTH_PORT, protocol: "TCP" }],
        // Decoders run in child processes of their own, each within its memory bound.
        resources: resources("500m", "768Mi", "2Gi"),
        ...probes("health"),
      }),
      autoscaler("worker", "worker", 1, 8),
      disruptionBudget("worker", "worker"),
    ],
    "migrate-job.yaml": [
      {
        apiVersion: "batch/v1",
        kind: "Job",
        metadata: { name: "platform-migrate", labels: labels("migrate") },
        spec: {
          backoffLimit: 6,
          ttlSecondsAfterFinished: 3600,
          template: {
            metadata: { labels: labels("migrate") },
            spec: podSpec("migrate", { command: nodeCommand("db:migrate:prod"), resources: resources("100m", "256Mi", "512Mi") }, { restartPolicy: "OnFailure" }),
          },
        },
      } satisfies IJob,
    ],
  };
}

const HEADER = "# Written by `npm run deploy:kubernetes` from the domains' manifests (scripts/deploy-kubernetes.ts): edit that script, not this file.\n";

/** Every file of the base, by name: the manifests, and the kustomization listing them. */
export function baseFiles(): Record<string, string> {
  const manifests = baseManifests();
  const files: Record<string, string> = {};
  for (const [file, objects] of Object.entries(manifests)) files[file] = HEADER + objects.map((object) => stringify(object, { aliasDuplicateObjects: false })).join("---\n");
  files["kustomization.yaml"] = HEADER + stringify({ apiVersion: "kustomize.config.k8s.io/v1beta1", kind: "Kustomization", resources: Object.keys(manifests) });
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  readCommandLine(`Usage: npm run deploy:kubernetes

Writes the Kubernetes base (deploy/kubernetes/base/, kustomize) from the domains' manifests: the subgraph process
groups, the gateways with their Service and Ingress, the worker, the migration Job, the ConfigMap, autoscalers and
disruption budgets. The overlays beside it are kept by hand (docs/kubernetes.md).`);
  mkdirSync(BASE_DIR, { recursive: true });
  for (const file of readdirSync(BASE_DIR)) rmSync(new URL(file, BASE_DIR));
  for (const [file, text] of Object.entries(baseFiles())) writeFileSync(new URL(file, BASE_DIR), text);
  console.log(`wrote deploy/kubernetes/base/ (${Object.keys(baseFiles()).length} files)`);
}
