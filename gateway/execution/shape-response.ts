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
  /** What the last `updateValue` call found besides its value (INVALID, HAS_ERRORS), read right after it returns. */
  flags: number;
}

const NULL_BUBBLE_UP = 1;
const OK = 0;
const INVALID = 1;
const HAS_ERRORS = 2;
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
      const type = value !== null && typeof value === "string" ? (run.shape.typeNamed(value) ?? parentType) : parentType;
      if (!isObjectType(type)) return NULL_BUBBLE_UP;
      output[responseName] = type.name;
    } else if (selection.kind === "field") {
      const { responseName } = selection;
      if (selection.validLeaf) {
        // A leaf set before stays; a valid non-null one is taken as it is. Null or invalid: the general path, for its error.
        if (output[responseName] !== undefined) continue;
        const value = getOwn(input, responseName);
        if (value !== undefined && value !== null && selection.validLeaf(value)) {
          output[responseName] = value;
          continue;
        }
      }
      path.push(responseName);
      const updated = updateValue(run, output[responseName], selection.type, getOwn(input, responseName) ?? null, selection.selections, path, parentType);
      output[responseName] = updated;
      path.pop();
      if (run.flags & INVALID) return NULL_BUBBLE_UP;
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

/** The value merged into the response at `path`; `run.flags` tells whether it is invalid (null where null is not allowed) or carries errors. */
function updateValue(run: Run, outputValue: unknown, type: ShapeType, inputValue: any, selections: ShapeSelection[] | undefined, path: Path, parentType: CompositeType): unknown {
  run.flags = 0;
  if (outputValue === null || (outputValue !== undefined && !selections)) return outputValue;
  switch (type.kind) {
    case "nonNull": {
      const inner = updateValue(run, outputValue, type.ofType, inputValue, selections, path, parentType);
      if (inner !== null) {
        run.flags = 0;
        return inner;
      }
      if (!(run.flags & HAS_ERRORS)) {
        run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Cannot return null for non-nullable ${describeLast(path, type.ofType.text, parentType)}.`, { path: Array.from(path) }));
      }
      run.flags = INVALID | HAS_ERRORS;
      return null;
    }
    case "list": {
      if (inputValue === null) return null;
      if (!Array.isArray(inputValue)) throw new Error(`Invalid non-list value ${String(inputValue)} returned by subgraph for list type ${type.text}`);
      const existing = outputValue as unknown[] | undefined;
      if (existing !== undefined && existing.length !== inputValue.length) throw new Error(`list lengths differ at ${path.join(".")}`);
      let shouldNullify = false;
      let hasErrors = false;
      const updated = new Array(inputValue.length);
      for (let index = 0; index < inputValue.length; index++) {
        path.push(index);
        updated[index] = updateValue(run, existing?.[index], type.ofType, inputValue[index], selections, path, parentType);
        path.pop();
        if (run.flags & INVALID) shouldNullify = true;
        if (run.flags & HAS_ERRORS) hasErrors = true;
      }
      run.flags = hasErrors ? HAS_ERRORS : 0;
      return shouldNullify ? null : updated;
    }
    case "composite": {
      if (inputValue === null) return null;
      if (typeof inputValue !== "object") throw new Error(`Invalid non-object value ${String(inputValue)} returned by subgraph for composite type ${type.text}`);
      const typename = inputValue.__typename;
      if (typename !== undefined && typeof typename !== "string") throw new Error(`Invalid non-string value ${String(typename)} for __typename at ${path.join(",")}`);
      let objectType: CompositeType = type.type;
      if (typename) {
        const named = run.shape.typeNamed(typename);
        if (!named || !isCompositeType(named)) {
          run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid __typename found for object at ${describeLast(path, type.text, parentType)}.`, { path: Array.from(path) }));
          run.flags = HAS_ERRORS;
          return null;
        }
        objectType = named;
      }
      const output = (outputValue as Output | undefined) ?? run.shape.newObject();
      const failed = applySelections(run, inputValue, selections!, output, path, objectType) === NULL_BUBBLE_UP;
      run.flags = failed ? HAS_ERRORS : 0;
      return failed ? null : output;
    }
    case "leaf": {
      if (inputValue === null || type.isValid(inputValue)) return inputValue;
      run.errors.push(ERRORS.INVALID_GRAPHQL.err(`Invalid value found for ${describeLast(path, type.text, parentType)}.`, { path: Array.from(path) }));
      run.flags = HAS_ERRORS;
      return null;
    }
  }
}

/** The response's `data` and the value-completion errors, as the stock gateway computes them. */
export function shapeResponse(shape: CompiledShape, input: Record<string, unknown>, variables: Record<string, unknown> | undefined): { data: Output | null; errors: GraphQLError[] } {
  const run: Run = { shape, variables: { __proto__: null, ...shape.defaultedVariables, ...variables } as Record<string, unknown>, errors: [], flags: 0 };
  const data: Output = shape.newObject();
  const result = applySelections(run, input, shape.selections, data, [], shape.rootType);
  return { data: result === NULL_BUBBLE_UP ? null : data, errors: run.errors };
}
