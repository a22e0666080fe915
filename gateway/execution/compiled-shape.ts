import {
  isCompositeType,
  isListType,
  isNonNullType,
  isCustomScalarType,
  isEnumType,
  isSubtype,
  typenameFieldName,
  Variable,
  type CompositeType,
  type Directive,
  type EnumType,
  type NamedType,
  type Operation,
  type ScalarType,
  type Schema,
  type SelectionSet,
  type Type,
} from "@apollo/federation-internals";

/** `@skip(if:)` / `@include(if:)` of a selection: a constant or the name of a boolean variable. */
export type Condition = boolean | string;

export type ShapeType =
  | { kind: "nonNull"; ofType: ShapeType; text: string }
  | { kind: "list"; ofType: ShapeType; text: string }
  | { kind: "composite"; type: CompositeType; text: string }
  | { kind: "leaf"; isValid: (value: unknown) => boolean; text: string };

export type ShapeSelection =
  | { kind: "typename"; responseName: string; skip?: Condition; include?: Condition }
  | {
      kind: "field";
      responseName: string;
      type: ShapeType;
      selections?: ShapeSelection[];
      /** For a leaf (or non-null leaf) field: whether a value is one the field may return as it is. */
      validLeaf?: (value: unknown) => boolean;
      skip?: Condition;
      include?: Condition;
    }
  | { kind: "fragment"; applies: (typename: unknown, parentType: CompositeType) => boolean; typeCondition?: CompositeType; selections: ShapeSelection[]; skip?: Condition; include?: Condition };

/**
 * An operation's response shape, compiled once per operation from the gateway's own operation model
 * (the work `computeResponse` of @apollo/gateway redoes on every request): which fields, in which
 * order, of which types, under which conditions. `null` when it asks for schema introspection.
 */
export interface CompiledShape {
  schema: Schema;
  rootType: CompositeType;
  selections: ShapeSelection[];
  defaultedVariables: Record<string, unknown>;
  /** The schema's type of that name (remembered: the same few typenames come back on every object). */
  typeNamed(name: string): NamedType | undefined;
  /**
   * A new response object: a plain one, or one without a prototype when a response name is one of
   * Object.prototype's members (`__proto__`, `constructor`, `toString`, …), which a plain object would
   * answer before the name is set (and `__proto__` would take as its prototype).
   */
  newObject(): Record<string, unknown>;
}

class IntrospectionFound extends Error {}

function conditionOf(directives: readonly Directive<any, any>[], name: "skip" | "include"): Condition | undefined {
  const directive = directives.find((applied) => applied.name === name);
  if (!directive) return undefined;
  const value = directive.arguments().if;
  return value instanceof Variable ? value.name : Boolean(value);
}

const INTEGER_LIMIT = 1e21;

/**
 * The check of a leaf value @apollo/federation-internals' `isValidLeafValue` makes, specialised once
 * per type: a finite number is an Int (or ID) when it prints as an integer, which it does below 1e21.
 */
export function leafCheck(schema: Schema, leaf: ScalarType | EnumType): (value: unknown) => boolean {
  if (isEnumType(leaf)) {
    const names = new Set(leaf.values.map((value) => value.name));
    return (value) => typeof value === "string" && names.has(value);
  }
  if (isCustomScalarType(leaf)) return () => true;
  const isInteger = (value: unknown) => Number.isInteger(value) && Math.abs(value as number) < INTEGER_LIMIT;
  if (leaf === schema.booleanType()) return (value) => typeof value === "boolean";
  if (leaf === schema.intType()) return isInteger;
  if (leaf === schema.idType()) return (value) => typeof value === "string" || isInteger(value);
  if (leaf === schema.floatType()) return (value) => typeof value === "number" && Number.isFinite(value);
  return (value) => typeof value === "string";
}

function compileType(schema: Schema, type: Type): ShapeType {
  if (isNonNullType(type)) return { kind: "nonNull", ofType: compileType(schema, type.ofType), text: type.toString() };
  if (isListType(type)) return { kind: "list", ofType: compileType(schema, type.ofType), text: type.toString() };
  if (isCompositeType(type)) return { kind: "composite", type, text: type.toString() };
  const leaf = type as ScalarType | EnumType;
  return { kind: "leaf", isValid: leafCheck(schema, leaf), text: leaf.toString() };
}

/** Whether a fragment's type condition holds for an object (`computeResponse`'s rule), remembered per typename and, for an object without one, per parent type. */
function conditionTest(schema: Schema, typeCondition: CompositeType | undefined): (typename: unknown, parentType: CompositeType) => boolean {
  if (!typeCondition) return () => true;
  const byTypename = new Map<string, boolean>();
  const byParentType = new Map<CompositeType, boolean>();
  return (typename, parentType) => {
    if (typeof typename === "string" && typename) {
      let applies = byTypename.get(typename);
      if (applies === undefined) {
        const type = schema.type(typename);
        applies = !!type && isSubtype(typeCondition, type as any);
        byTypename.set(typename, applies);
      }
      return applies;
    }
    let applies = byParentType.get(parentType);
    if (applies === undefined) byParentType.set(parentType, (applies = isSubtype(typeCondition, parentType as any)));
    return applies;
  };
}

function compileSelections(schema: Schema, selectionSet: SelectionSet): ShapeSelection[] {
  return selectionSet.selections().map((selection): ShapeSelection => {
    const directives = selection.element.appliedDirectives;
    const skip = conditionOf(directives, "skip");
    const include = conditionOf(directives, "include");
    if (selection.kind === "FieldSelection") {
      const field = selection.element;
      if (field.definition.isSchemaIntrospectionField()) throw new IntrospectionFound();
      const responseName = field.responseName();
      if (field.name === typenameFieldName) return { kind: "typename", responseName, skip, include };
      const selections = selection.selectionSet ? compileSelections(schema, selection.selectionSet) : undefined;
      const type = compileType(schema, field.definition.type!);
      const leaf = type.kind === "nonNull" ? type.ofType : type;
      return { kind: "field", responseName, type, selections, validLeaf: leaf.kind === "leaf" ? leaf.isValid : undefined, skip, include };
    }
    const typeCondition = selection.element.typeCondition;
    return { kind: "fragment", applies: conditionTest(schema, typeCondition), typeCondition, selections: compileSelections(schema, selection.selectionSet), skip, include };
  });
}

/** Whether a response name is one a plain object already has through Object.prototype. */
function namesObjectMember(selections: readonly ShapeSelection[]): boolean {
  return selections.some((selection) => ("responseName" in selection && selection.responseName in Object.prototype) || ("selections" in selection && selection.selections !== undefined && namesObjectMember(selection.selections)));
}

export function compileShape(operation: Operation): CompiledShape | null {
  const schema = operation.schema();
  try {
    const selections = compileSelections(schema, operation.selectionSet);
    const types = new Map<string, NamedType>();
    return {
      schema,
      rootType: schema.schemaDefinition.rootType(operation.rootKind)!,
      selections,
      defaultedVariables: operation.collectDefaultedVariableValues(),
      typeNamed(name) {
        let type = types.get(name);
        if (!type) {
          type = schema.type(name);
          if (type) types.set(name, type);
        }
        return type;
      },
      newObject: namesObjectMember(selections) ? () => Object.create(null) : () => ({}),
    };
  } catch (error) {
    if (error instanceof IntrospectionFound) return null;
    throw error;
  }
}
