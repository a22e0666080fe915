import { ERRORS, isCompositeType, isObjectType, type CompositeType } from "@apollo/federation-internals";
import type { GraphQLError } from "graphql";
import type { CompiledShape, Condition, ShapeSelection, ShapeType } from "./compiled-shape.js";

/*
 * The response from the merged fetch results, exactly as @apollo/gateway's `computeResponse` builds it
 * (field order, aliases, fragments, `__typename`, null propagation and its error messages), walking a
 * shape compiled once instead of the operation model.
 */

type Path = (string | number)[];
type Output = Record<string, unknown>;

interface Run {
  shape: CompiledShape;
  variables: Record<string, unknown>;
  errors: GraphQLError[];
}

const NULL_BUBBLE_UP = 1;
const OK = 0;
const getOwn = (object: any, key: string) => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);

function holds(condition: Condition, variables: Record<string, unknown>): boolean {
  if (typeof condition === "boolean") return condition;
  const value = variables[condition];
  if (typeof value !== "boolean") throw new Error(`Unexpected value ${String(value)} for variable $${condition}`);
  return value;
}

function skipped(selection: ShapeSelection, variables: Record<string, unknown>): boolean {
  return (selection.skip !== undefined && holds(selection.skip, variables)) || (selection.include !== undefined && !holds(selection.include, variables));
}

function describeLast(path: Path, type: string, parentType: CompositeType): string {
  const element = path[path.length - 1];
  return typeof element === "string" ? `field ${parentType}.${element}` : `array element of type ${type} at index ${element}`;
}

function applySelections(run: Run, input: any, selections: ShapeSelection[], output: Output, path: Path, parentType: CompositeType): number {
  for (const selection of selections) {
    if ((selection.skip !== undefined || selection.include !== undefined) && skipped(selection, run.variables)) continue;
    if (selection.kind === "typename") {
      const { responseName } = selection;
      if (output[responseName] !== undefined) continue;
      let value = getOwn(input, responseName) ?? null;
      if (value === null && responseName !== "__typename") value = input.__typename ?? null;
      const type = value !== null && typeof value === "string" ? (run.shape.schema.type(value) ?? parentType) : parentType;
      if (!isObjectType(type)) return NULL_BUBBLE_UP;
      output[responseName] = type.name;
    } else if (selection.kind === "field") {
      const { responseName } = selection;
      path.push(responseName);
      const result = updateValue(run, output[responseName], selection.type, getOwn(input, responseName) ?? null, selection.selections, path, parentType);
      output[responseName] = result.updated;
      path.pop();
      if (result.isInvalid) return NULL_BUBBLE_UP;
    } else {
      const typename = input.__typename;
      if (typename && typeof typename !== "string") throw new Error(`Got unexpected value for __typename: ${String(typename)}`);
      if (selection.applies(typename, parentType)) {
        if (applySelections(run, input, selection.selections, output, path, selection.typeCondition ?? parentType) === NULL_BUBBLE_UP) return NULL_BUBBLE_UP;
      }
    }
  }
  return OK;
}

interface Updated {
  updated: unknown;
  isInvalid?: boolean;
  hasErrors?: boolean;
}

function updateValue(run: Run, outputValue: unknown, type: ShapeType, inputValue: any, selections: ShapeSelection[] | undefined, path: Path, parentType: CompositeType): Updated {
  if (outputValue === null || (outputValue !== undefined && !selections)) return { updated: outputValue };
  switch (type.kind) {
    case "nonNull": {
      const inner = updateValue(run, outputValue, type.ofType, inputValue, selections, path, parentType);
      if (inner.updated !== null) return { updated: inner.updated };
      if (!inner.hasErrors) {
        run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Cannot return null for non-nullable ${describeLast(path, type.ofType.text, parentType)}.`, { path: Array.from(path) }));
      }
      return { updated: null, isInvalid: true, hasErrors: true };
    }
    case "list": {
      if (inputValue === null) return { updated: null };
      if (!Array.isArray(inputValue)) throw new Error(`Invalid non-list value ${String(inputValue)} returned by subgraph for list type ${type.text}`);
      const existing = outputValue as unknown[] | undefined;
      if (existing !== undefined && existing.length !== inputValue.length) throw new Error(`list lengths differ at ${path.join(".")}`);
      let shouldNullify = false;
      let hasErrors = false;
      const updated = new Array(inputValue.length);
      for (let index = 0; index < inputValue.length; index++) {
        path.push(index);
        const element = updateValue(run, existing?.[index], type.ofType, inputValue[index], selections, path, parentType);
        path.pop();
        if (element.isInvalid) shouldNullify = true;
        if (element.hasErrors) hasErrors = true;
        updated[index] = element.updated;
      }
      return { updated: shouldNullify ? null : updated, hasErrors };
    }
    case "composite": {
      if (inputValue === null) return { updated: null };
      if (typeof inputValue !== "object") throw new Error(`Invalid non-object value ${String(inputValue)} returned by subgraph for composite type ${type.text}`);
      const typename = inputValue.__typename;
      if (typename !== undefined && typeof typename !== "string") throw new Error(`Invalid non-string value ${String(typename)} for __typename at ${path.join(",")}`);
      let objectType: CompositeType = type.type;
      if (typename) {
        const named = run.shape.schema.type(typename);
        if (!named || !isCompositeType(named)) {
          run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid __typename found for object at ${describeLast(path, type.text, parentType)}.`, { path: Array.from(path) }));
          return { updated: null, hasErrors: true };
        }
        objectType = named;
      }
      const output = (outputValue as Output | undefined) ?? Object.create(null);
      const failed = applySelections(run, inputValue, selections!, output, path, objectType) === NULL_BUBBLE_UP;
      return { updated: failed ? null : output, hasErrors: failed };
    }
    case "leaf": {
      if (inputValue === null) return { updated: null };
      if (type.isValid(inputValue)) return { updated: inputValue };
      run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid value found for ${describeLast(path, type.text, parentType)}.`, { path: Array.from(path) }));
      return { updated: null, hasErrors: true };
    }
  }
}

/** The response's `data` and the value-completion errors, as the stock gateway computes them. */
export function shapeResponse(shape: CompiledShape, input: Record<string, unknown>, variables: Record<string, unknown> | undefined): { data: Output | null; errors: GraphQLError[] } {
  const run: Run = { shape, variables: { __proto__: null, ...shape.defaultedVariables, ...variables } as Record<string, unknown>, errors: [] };
  const data: Output = Object.create(null);
  const result = applySelections(run, input, shape.selections, data, [], shape.rootType);
  return { data: result === NULL_BUBBLE_UP ? null : data, errors: run.errors };
}
