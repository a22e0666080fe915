import { readFileSync } from "node:fs";
import { variablePrefix } from "../../lib/modules/domain-manifest.js";
import { platformGroups, type ProcessGroup } from "../../lib/modules/topology.js";
import { MANIFESTS } from "../../subgraphs/manifests.js";
import { REST_SERVICES } from "../../rest-adapter/services.js";

/**
 * The scale-out layout as compose.yaml and the Kubernetes manifests describe it, derived from the catalog:
 * the domains in process groups (as `npm run start:cluster` groups them), gateways that are the one public
 * origin, a job worker, a migration run before them. Each process runs `node` on the compiled twin of an
 * npm script (`start:prod:…`), never npm.
 */

/**
 * Images the deployment files pull, pinned by version and digest. Docker cannot run where these files are
 * written: the digests come from public records of those tags (see docs/kubernetes.md, "Images"), and
 * a pull verifies them.
 */
export const IMAGES = {
  postgres: "postgres:17.11@sha256:d74eeac9a635390a49bc21bd49fccd973de707e2a53a76ac49b552b8712ec46f",
  redis: "redis:7.4@sha256:71da9275c5f3fcb97d0fa0c8c5b36cc995327265420f17a04bfd544f458059f7",
  /** VersityGW (Apache-2.0, released monthly): an S3 gateway over a plain directory, in place of MinIO's retired community images. */
  objectStore: "versity/versitygw:v1.8.0@sha256:30292fc2eeacc67a36993b01f7a7a5e3361a19cced0e80c1d71cfa2a4b0a2499",
} as const;

/** The platform's own image, as `docker build -t federated-platform .` names it. */
export const PLATFORM_IMAGE = "federated-platform";

export const GATEWAY_PORT = 4000;
export const WORKER_HEALTH_PORT = 8090;
export const BUCKET = "platform-files";

/** The subgraph process groups: one per platform, and a domain that must run as one replica alone. */
export const GROUPS: readonly ProcessGroup[] = platformGroups(MANIFESTS);
export const groupName = (group: ProcessGroup) => `subgraphs-${group.name}`;

/** Each business service's own port, as the route tables declare it. */
export const DIRECT_PORTS = REST_SERVICES.flatMap((service) => (service.directPort ? [{ service: service.name, variable: service.directPort.variable, port: service.directPort.port }] : []));

const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts;

/**
 * The command a container runs for a compiled npm script: its `node …` line itself, without npm and without
 * the build check (an image always holds its build), followed by `args`.
 */
export function nodeCommand(script: string, args: readonly string[] = []): string[] {
  const line = SCRIPTS[script];
  if (!line?.startsWith("node ")) throw new Error(`package.json has no script "${script}" running node`);
  return [...line.replace(" --import ./scripts/check-build.mjs", "").split(" "), ...args];
}

/** Where gateways find each domain's subgraph, by the group's host name (a compose service or a Kubernetes Service). */
export function subgraphUrlsOn(host: (group: ProcessGroup) => string): Record<string, string> {
  return Object.fromEntries(
    GROUPS.flatMap((group) => group.domains.map((domain) => [`${variablePrefix(domain.name)}_SUBGRAPH_URL`, `http://${host(group)}:${domain.port}/graphql`])),
  );
}

/** Each domain of a group on its own port, as its process is told. */
export function groupPorts(group: ProcessGroup): Record<string, string> {
  return Object.fromEntries(group.domains.map((domain) => [`${variablePrefix(domain.name)}_SUBGRAPH_PORT`, String(domain.port)]));
}

/** `start:subgraph --domains a,b,c` for a group. */
export const groupCommand = (group: ProcessGroup) => nodeCommand("start:prod:subgraph", ["--domains", group.domains.map((domain) => domain.name).join(",")]);
