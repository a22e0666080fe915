import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { SpecOperations } from "../../rest-adapter/openapi/spec-operations.js";

/** The design platform's current public specification, as kept in the repository. */
export const SPEC_FILE = new URL("../../rest-adapter/openapi/contract/design-platform.yml", import.meta.url);

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
/** Words of operation ids written as the specification's prose writes them. */
const ACRONYMS: Record<string, string> = { oidc: "OIDC", jwks: "JWKS", url: "URL", id: "ID" };

/** `createUrlAssetUploadJob` → "Create URL asset upload job": the specification names operations, it gives them no summary. */
export function summaryOf(operationId: string): string {
  const words = operationId.split(/(?=[A-Z])/).map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word[0].toUpperCase() + word.slice(1) : word)).join(" ");
}

/** The specification's `<Warning>`, `<Note>` and `<Availability>` blocks (its docs site's) as Markdown quotes, which Swagger UI shows. */
export function asMarkdown(description: string): string {
  return description.replace(/<(Warning|Note|Availability)>\s*([\s\S]*?)\s*<\/\1>/g, (_block, kind: string, text: string) =>
    `**${kind}:** ${text}`.split("\n").map((line) => (line ? `> ${line}` : ">")).join("\n"),
  );
}

/**
 * `rest-adapter/openapi/contract/design-operations.json`, written from the specification: each
 * operation's summary (from its id) and description, by `<method> <path>`. The API docs read this
 * small file; parsing the specification itself takes most of a second.
 */
export function specOperationsText(yaml = readFileSync(SPEC_FILE, "utf8")): string {
  const spec = parse(yaml) as { paths: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string; description?: string }>>> };
  const operations: SpecOperations = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      operations[`${method} ${path}`] = { summary: summaryOf(operation.operationId), description: asMarkdown((operation.description ?? "").trim()) };
    }
  }
  return `${JSON.stringify(operations, null, 1)}\n`;
}
