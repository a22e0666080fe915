import { execute, Kind, type OperationDefinitionNode } from "graphql";
import type { GatewayExecutor } from "@apollo/server-gateway-interface";

const INTROSPECTION_FIELDS = new Set(["__schema", "__type", "__typename"]);

/** A query asking only the schema about itself (every root selection a field `__schema`, `__type` or `__typename`). */
function asksOnlyIntrospection(operation: OperationDefinitionNode | undefined): boolean {
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(selection.name.value));
}

/**
 * Answers introspection from the API schema with graphql-js itself. @apollo/gateway plans introspection
 * with its own model of the introspection types, which lacks newer fields (`isOneOf`): asked through it,
 * a client's introspection (GraphiQL, codegen) failed with an internal error.
 */
export function introspectionFirst(next: GatewayExecutor): GatewayExecutor {
  return async (requestContext) => {
    if (!asksOnlyIntrospection(requestContext.operation as OperationDefinitionNode | undefined)) return next(requestContext);
    const { schema, document, request } = requestContext;
    return execute({ schema, document, operationName: request.operationName, variableValues: request.variables }) as ReturnType<GatewayExecutor>;
  };
}
