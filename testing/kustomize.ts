import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";

/**
 * `kubectl kustomize <dir>` for the tests, without the kustomize binary (no download here): the subset of
 * kustomize the project's base and overlays use, with kustomize's meaning. Any other field of a
 * kustomization stops the render, so an overlay cannot drift past what the tests check.
 *
 * - `resources`: files (one or more YAML documents) and directories holding a kustomization;
 * - `namespace`: set on every namespaced object;
 * - `images`: `name` → `newName`, `newTag`, `digest` on every container and init container;
 * - `replicas`: `name` → `count` on Deployments;
 * - `patches`: JSON 6902 operations (`add`, `replace`, `remove`) on the objects a `target` (kind, name) selects.
 */
export type K8sObject = Record<string, any> & { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; [key: string]: unknown } };

const SUPPORTED = new Set(["apiVersion", "kind", "resources", "namespace", "images", "replicas", "patches"]);
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PersistentVolume", "StorageClass", "IngressClass"]);

function readObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/** `~1` and `~0` unescaped, as JSON Pointer (RFC 6901) says. */
const pointer = (at: string) => at.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));

function applyOperation(object: K8sObject, operation: { op: string; path: string; value?: unknown }): void {
  const parts = pointer(operation.path);
  const last = parts.pop()!;
  let parent: any = object;
  for (const part of parts) {
    parent = Array.isArray(parent) ? parent[Number(part)] : parent?.[part];
    if (parent === undefined) throw new Error(`patch ${operation.op} ${operation.path}: no ${part} in ${object.kind}/${object.metadata.name}`);
  }
  const exists = Array.isArray(parent) ? last === "-" || Number(last) < parent.length : Object.hasOwn(parent, last);
  switch (operation.op) {
    case "add":
      if (Array.isArray(parent)) parent.splice(last === "-" ? parent.length : Number(last), 0, operation.value);
      else parent[last] = operation.value;
      return;
    case "replace":
      if (!exists) throw new Error(`patch replace ${operation.path}: nothing there in ${object.kind}/${object.metadata.name}`);
      if (Array.isArray(parent)) parent[Number(last)] = operation.value;
      else parent[last] = operation.value;
      return;
    case "remove":
      if (!exists) throw new Error(`patch remove ${operation.path}: nothing there in ${object.kind}/${object.metadata.name}`);
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      return;
    default:
      throw new Error(`patch operation "${operation.op}" is not one the tests' kustomize knows`);
  }
}

/** The image reference with kustomize's `images` entry applied, when the name matches. */
function retag(image: string, rule: { name: string; newName?: string; newTag?: string; digest?: string }): string {
  const match = /^([^@:]+(?::\d+)?(?:\/[^@:]+)*)(?::([^@]+))?(?:@(.+))?$/.exec(image);
  if (!match || match[1] !== rule.name) return image;
  const name = rule.newName ?? match[1];
  if (rule.digest) return `${name}@${rule.digest}`;
  const tag = rule.newTag ?? match[2];
  return `${name}${tag ? `:${tag}` : ""}${match[3] ? `@${match[3]}` : ""}`;
}

function podTemplates(object: K8sObject): any[] {
  if (object.spec?.template?.spec) return [object.spec.template.spec];
  if (object.spec?.jobTemplate?.spec?.template?.spec) return [object.spec.jobTemplate.spec.template.spec];
  return [];
}

/** Renders the kustomization in `dir` as kustomize would: every object, transformed. */
export function kustomize(dir: string): K8sObject[] {
  const file = path.join(dir, "kustomization.yaml");
  const kustomization = parse(readFileSync(file, "utf8")) as Record<string, any>;
  const unknown = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unknown.length > 0) throw new Error(`${file}: ${unknown.join(", ")} — not kustomize fields the tests render`);
  const objects: K8sObject[] = [];
  for (const resource of kustomization.resources ?? []) {
    const target = path.resolve(dir, resource);
    if (!existsSync(target)) throw new Error(`${file}: resource ${resource} does not exist`);
    objects.push(...(statSync(target).isDirectory() ? kustomize(target) : readObjects(target)));
  }
  for (const patch of kustomization.patches ?? []) {
    const operations = parse(patch.patch) as { op: string; path: string; value?: unknown }[];
    if (!Array.isArray(operations)) throw new Error(`${file}: only JSON 6902 patches (a list of operations) are rendered here`);
    const targets = objects.filter((object) => (!patch.target.kind || object.kind === patch.target.kind) && (!patch.target.name || object.metadata.name === patch.target.name));
    if (targets.length === 0) throw new Error(`${file}: a patch targets ${JSON.stringify(patch.target)}, which is no object`);
    for (const object of targets) for (const operation of operations) applyOperation(object, operation);
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const targets = objects.filter((object) => object.kind === "Deployment" && object.metadata.name === name);
    if (targets.length === 0) throw new Error(`${file}: replicas for ${name}, which is no Deployment`);
    for (const object of targets) object.spec.replicas = count;
  }
  for (const rule of kustomization.images ?? []) {
    for (const spec of objects.flatMap(podTemplates)) {
      for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) container.image = retag(container.image, rule);
    }
  }
  if (kustomization.namespace) {
    for (const object of objects) if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  return objects;
}
