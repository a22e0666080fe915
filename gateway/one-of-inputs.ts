import { isInputObjectType, Kind, type DocumentNode, type GraphQLSchema } from "graphql";

/**
 * Input objects the domains declare `@oneOf`. Composition (federation 2) drops directives it does not
 * know, so the supergraph's API schema would accept any number of their fields: the gateway marks them
 * again, and validation, variable coercion and introspection (`isOneOf`) follow the specification.
 */
export function oneOfInputNames(schemas: readonly DocumentNode[]): Set<string> {
  const names = new Set<string>();
  for (const document of schemas) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) continue;
      if (definition.directives?.some((directive) => directive.name.value === "oneOf")) names.add(definition.name.value);
    }
  }
  return names;
}

/** Marks the named input objects of `schema` as `@oneOf` (the schema object is changed in place). */
export function markOneOfInputs(schema: GraphQLSchema, names: ReadonlySet<string>): void {
  for (const name of names) {
    const type = schema.getType(name);
    if (isInputObjectType(type)) (type as { isOneOf: boolean }).isOneOf = true;
  }
}
