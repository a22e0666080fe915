import { createHash } from "node:crypto";
import {
  GraphQLError,
  Kind,
  print,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from "graphql";
import type { SubscriptionDeclaration } from "../../lib/modules/subscriptions.js";

/** Alias under which a declared state field is added to every execution: it decides when the stream ends. */
export const STATE_ALIAS = "subscriptionState_";

/** A subscription turned into the query that reads its current state. */
export interface SubscriptionQuery {
  declaration: SubscriptionDeclaration;
  /** The query twin of the subscription (same field, arguments and selection), as text. */
  query: string;
  /** A digest of `query`: keys hold it instead of a copy of the text. */
  queryKey: string;
  variables: Record<string, unknown>;
  /** The value events are matched by (`event[declaration.match.eventKey]`). */
  matchValue: string;
  /** Where the state is in `data`. */
  responseKey: string;
  /** The variable each event's value goes in (declarations with `eventArgument`). */
  eventVariable?: string;
}

/** The variable the gateway passes each event's value in (a name no client operation needs). */
export const EVENT_VARIABLE = "subscriptionEvent_";

/** The field with its `argument` set to `$subscriptionEvent_` (whatever the client gave), and the operation declaring that variable as `ID`. */
function withEventArgument(operation: OperationDefinitionNode, field: FieldNode, argument: string): { operation: OperationDefinitionNode; field: FieldNode } {
  const variable = { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: EVENT_VARIABLE } } as const;
  const fieldArguments = [...(field.arguments ?? []).filter((a) => a.name.value !== argument), { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: argument }, value: variable } as const];
  const definition = { kind: Kind.VARIABLE_DEFINITION, variable, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: "ID" } } } as const;
  const definitions = [...(operation.variableDefinitions ?? []).filter((d) => d.variable.name.value !== EVENT_VARIABLE), definition];
  return { operation: { ...operation, variableDefinitions: definitions }, field: { ...field, arguments: fieldArguments } };
}

function pickOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!chosen) throw new GraphQLError("Name the operation to run (operationName)", { extensions: { code: "BAD_REQUEST" } });
  return chosen;
}

function argumentValue(field: FieldNode, name: string, variables: Record<string, unknown>): unknown {
  const argument = field.arguments?.find((a) => a.name.value === name);
  if (!argument) return undefined;
  const value = argument.value;
  if (value.kind === Kind.VARIABLE) return variables[value.name.value];
  if (value.kind === Kind.STRING || value.kind === Kind.INT) return value.value;
  return undefined;
}

/** The twin printed once per document and operation: a thousand subscriptions of one operation keep one text. */
const twins = new WeakMap<DocumentNode, Map<string, { declaration: SubscriptionDeclaration; query: string; queryKey: string }>>();

function twinOf(document: DocumentNode, operationName: string, declaration: SubscriptionDeclaration, print: () => string): { query: string; queryKey: string } {
  let byOperation = twins.get(document);
  if (!byOperation) twins.set(document, (byOperation = new Map()));
  let twin = byOperation.get(operationName);
  if (twin?.declaration !== declaration) {
    const query = print();
    byOperation.set(operationName, (twin = { declaration, query, queryKey: createHash("sha256").update(query).digest("base64url") }));
  }
  return twin;
}

function badRequest(message: string, code = "BAD_REQUEST"): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * Every declared subscription field (`assetUploadJob(id)`, a change feed, …) has a query twin of the
 * same name: the subscription's selection is executed as that query, through the gateway, per event.
 */
export function subscriptionQueryOf(
  declarations: ReadonlyMap<string, SubscriptionDeclaration>,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName?: string | null,
): SubscriptionQuery {
  const operation = pickOperation(document, operationName);
  const fields = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
  if (operation.selectionSet.selections.length !== 1 || fields.length !== 1) throw badRequest("A subscription selects exactly one field");
  const requested = fields[0];
  const declaration = declarations.get(requested.name.value);
  if (!declaration) throw badRequest(`No subscription field ${requested.name.value}`);
  const matchValue = argumentValue(requested, declaration.match.argument, variables);
  if ((typeof matchValue !== "string" && typeof matchValue !== "number") || matchValue === "") {
    throw badRequest(`The subscription needs its ${declaration.match.argument}`, "BAD_USER_INPUT");
  }
  const { operation: base, field } = declaration.eventArgument
    ? withEventArgument(operation, requested, declaration.eventArgument.argument)
    : { operation, field: requested };
  const printTwin = () => {
    const stateField: FieldNode[] = declaration.state
      ? [{ kind: Kind.FIELD, alias: { kind: Kind.NAME, value: STATE_ALIAS }, name: { kind: Kind.NAME, value: declaration.state.field } }]
      : [];
    const twin: OperationDefinitionNode = {
      ...base,
      operation: "query" as OperationDefinitionNode["operation"],
      selectionSet: {
        ...base.selectionSet,
        selections: [{ ...field, selectionSet: { kind: Kind.SELECTION_SET, selections: [...(field.selectionSet?.selections ?? []), ...stateField] } }],
      },
    };
    const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    return print({ kind: Kind.DOCUMENT, definitions: [twin, ...fragments] });
  };
  return {
    declaration,
    ...twinOf(document, operationName ?? "", declaration, printTwin),
    variables: declaration.eventArgument ? { ...variables, [EVENT_VARIABLE]: null } : variables,
    matchValue: String(matchValue),
    responseKey: field.alias?.value ?? field.name.value,
    ...(declaration.eventArgument ? { eventVariable: EVENT_VARIABLE } : {}),
  };
}
