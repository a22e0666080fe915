import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";

/**
 * The design platform's current public specification (its OpenAPI document, as generated clients are
 * built from it), and checks of answers against it as a generated client validates them.
 */
export const CURRENT_SPEC = parse(readFileSync(new URL("../rest-adapter/openapi/contract/design-platform.yml", import.meta.url), "utf8"));

/** Ajv takes a discriminator's mapping from each branch's enum of the property and refuses one written out: a copy without them. */
function withoutDiscriminatorMappings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDiscriminatorMappings);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => {
    if (key !== "discriminator" || value === null || typeof value !== "object") return [key, withoutDiscriminatorMappings(value)];
    const { mapping: _mapping, ...discriminator } = value as Record<string, unknown>;
    return [key, discriminator];
  });
  return Object.fromEntries(entries);
}

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
ajv.addSchema(withoutDiscriminatorMappings(CURRENT_SPEC) as object, "spec");

/** The schema of an operation's answer with `status` (200 unless said) in the current specification. */
export function answerOf(method: string, path: string, status = "200"): ValidateFunction {
  const operation = CURRENT_SPEC.paths[path]?.[method];
  assert.ok(operation, `${method.toUpperCase()} ${path} is in the current specification`);
  const answer = operation.responses[status];
  assert.ok(answer, `${method.toUpperCase()} ${path} documents a ${status} answer`);
  const schema = answer.content["application/json"].schema as { $ref: string };
  return ajv.compile({ $ref: `spec${schema.$ref}` });
}

/** A named schema of the current specification (`Thread`, `Asset`). */
export function schemaOf(name: string): ValidateFunction {
  assert.ok(CURRENT_SPEC.components.schemas[name], `${name} is a schema of the current specification`);
  return ajv.compile({ $ref: `spec#/components/schemas/${name}` });
}

/** Every `$ref` of a schema written in the specification's terms (`#/components/schemas/…`) pointed at the specification. */
function inSpecification(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inSpecification);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `spec${value}` : inSpecification(value)]));
}

/** A schema of this platform's own, written in the specification's terms (its `$ref`s name the specification's components). */
export function extensionSchemaOf(schema: object): ValidateFunction {
  return ajv.compile(inSpecification(schema) as object);
}

export function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  const valid = validate(body);
  assert.ok(valid, `${what}: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(body)}`);
}

/** The values of one of the specification's enums (`ExportErrorCode`, …). */
export const specEnum = (schema: string): string[] => CURRENT_SPEC.components.schemas[schema].enum;
