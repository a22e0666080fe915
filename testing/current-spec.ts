import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/**
 * The design platform's current public specification (its OpenAPI document, as generated clients are
 * built from it), to validate answers against as a generated client does.
 */
export const CURRENT_SPEC = withoutDiscriminatorMappings(parse(readFileSync(new URL("../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8")));
/**
 * Ajv picks a `oneOf` branch by its discriminator but refuses `mapping`; every mapping of the document
 * names the branch whose `type` enum holds the key, so the branches alone decide the same.
 */
function withoutDiscriminatorMappings<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutDiscriminatorMappings) as T;
  if (node === null || typeof node !== "object") return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutDiscriminatorMappings(value)]));
  if (copy.discriminator && typeof copy.discriminator === "object") delete copy.discriminator.mapping;
  return copy as T;
}

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
ajv.addSchema(CURRENT_SPEC, "spec");

/** The schema of an operation's 200 answer in the current specification. */
export function answerOf(method: string, path: string): ValidateFunction {
  const operation = CURRENT_SPEC.paths[path]?.[method];
  assert.ok(operation, `${method.toUpperCase()} ${path} is in the current specification`);
  const schema = operation.responses["200"].content["application/json"].schema as { $ref: string };
  return ajv.compile({ $ref: `spec${schema.$ref}` });
}

/** A named schema of the current specification (`Thread`, `Asset`). */
export function schemaOf(name: string): ValidateFunction {
  assert.ok(CURRENT_SPEC.components.schemas[name], `${name} is a schema of the current specification`);
  return ajv.compile({ $ref: `spec#/components/schemas/${name}` });
}

export function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  const valid = validate(body);
  assert.ok(valid, `${what}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`);
}
