import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";

export type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  ID: { type: "string" },
  String: { type: "string" },
  Int: { type: "integer" },
  Float: { type: "number" },
  Boolean: { type: "boolean" },
  DateTime: { type: "string", format: "date-time" },
};

/** A named scalar or enum as JSON Schema (custom scalars without a known form accept any JSON). */
function leafSchema(type: GraphQLInputType | GraphQLOutputType): JsonSchema {
  const named = getNamedType(type);
  if (isEnumType(named)) return { type: "string", enum: named.getValues().map((value) => value.name) };
  if (isScalarType(named)) return { ...(SCALARS[named.name] ?? {}), ...(named.description ? { description: named.description } : {}) };
  return {};
}

/** Non-null becomes required by the caller; nullable allows `null` (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
function nullable(schema: JsonSchema): JsonSchema {
  return typeof schema.type === "string" ? { ...schema, type: [schema.type, "null"] } : schema;
}

/** A GraphQL input type (a variable's type) as JSON Schema, input objects expanded (cycles cut). */
export function inputSchema(type: GraphQLInputType, seen: ReadonlySet<string> = new Set()): JsonSchema {
  if (isNonNullType(type)) return inputSchema(type.ofType, seen);
  if (isListType(type)) return { type: "array", items: inputSchema(type.ofType, seen) };
  if (isInputObjectType(type)) {
    if (seen.has(type.name)) return { type: "object" };
    const fields = Object.values(type.getFields());
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    return {
      type: "object",
      ...(type.description ? { description: type.description } : {}),
      properties: Object.fromEntries(fields.map((field) => [field.name, inputSchema(field.type, new Set([...seen, type.name]))])),
      ...(required.length ? { required } : {}),
    };
  }
  return leafSchema(type);
}

/** The JSON shape of an output type for a selection set: objects with exactly the selected fields. */
function selectionSchema(type: GraphQLOutputType, selection: SelectionSetNode | undefined, typeInfo: TypeInfoLookup): JsonSchema {
  if (isNonNullType(type)) return selectionSchema(type.ofType, selection, typeInfo);
  if (isListType(type)) return { type: "array", items: selectionSchema(type.ofType, selection, typeInfo) };
  if (!selection) return leafSchema(type);
  const properties: Record<string, JsonSchema> = {};
  for (const node of selection.selections) {
    if (node.kind === Kind.FIELD) {
      const fieldType = typeInfo(node);
      const key = node.alias?.value ?? node.name.value;
      properties[key] = fieldType ? (isNonNullType(fieldType) ? selectionSchema(fieldType, node.selectionSet, typeInfo) : nullable(selectionSchema(fieldType, node.selectionSet, typeInfo))) : {};
    } else if (node.kind === Kind.INLINE_FRAGMENT) {
      Object.assign(properties, (selectionSchema(type, node.selectionSet, typeInfo).properties as Record<string, JsonSchema>) ?? {});
    }
  }
  return { type: "object", properties };
}

type TypeInfoLookup = (field: import("graphql").FieldNode) => GraphQLOutputType | undefined;

/** The JSON shape of an operation's `data`, from the graph's types. */
export function resultSchema(schema: GraphQLSchema, document: DocumentNode): JsonSchema {
  const fieldTypes = new Map<import("graphql").FieldNode, GraphQLOutputType>();
  const typeInfo = new TypeInfo(schema);
  visit(document, visitWithTypeInfo(typeInfo, { Field: (node) => void (typeInfo.getType() && fieldTypes.set(node, typeInfo.getType()!)) }));
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return { type: "object" };
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) return { type: "object" };
  return selectionSchema(root, operation.selectionSet, (field) => fieldTypes.get(field));
}
