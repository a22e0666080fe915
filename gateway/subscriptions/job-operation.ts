import {
  GraphQLError,
  Kind,
  print,
  type DocumentNode,
  type FieldNode,
  type OperationDefinitionNode,
} from "graphql";

/** Alias under which the job's status is added to every execution: it decides when the stream ends. */
export const STATUS_ALIAS = "subscriptionJobStatus_";

/** A job subscription turned into the query that reads the job's current state. */
export interface JobQuery {
  /** The query twin of the subscription (same field, arguments and selection), as text. */
  query: string;
  variables: Record<string, unknown>;
  /** The job whose transitions are followed. */
  jobId: string;
  /** Where the job is in `data`. */
  responseKey: string;
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

/**
 * Every job subscription (`assetUploadJob(id)`, `exportJob(id)`, …) has a query twin of the same
 * name: the subscription's selection is executed as that query, through the gateway, per event.
 */
export function jobQueryOf(document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null): JobQuery {
  const operation = pickOperation(document, operationName);
  const fields = operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
  if (operation.selectionSet.selections.length !== 1 || fields.length !== 1) {
    throw new GraphQLError("A subscription selects exactly one job field", { extensions: { code: "BAD_REQUEST" } });
  }
  const field = fields[0];
  const jobId = argumentValue(field, "id", variables);
  if (typeof jobId !== "string" || jobId === "") throw new GraphQLError("The job subscription needs its id", { extensions: { code: "BAD_USER_INPUT" } });
  const statusField: FieldNode = { kind: Kind.FIELD, alias: { kind: Kind.NAME, value: STATUS_ALIAS }, name: { kind: Kind.NAME, value: "status" } };
  const twin: OperationDefinitionNode = {
    ...operation,
    operation: "query" as OperationDefinitionNode["operation"],
    selectionSet: {
      ...operation.selectionSet,
      selections: [{ ...field, selectionSet: { kind: Kind.SELECTION_SET, selections: [...(field.selectionSet?.selections ?? []), statusField] } }],
    },
  };
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  return {
    query: print({ kind: Kind.DOCUMENT, definitions: [twin, ...fragments] }),
    variables,
    jobId,
    responseKey: field.alias?.value ?? field.name.value,
  };
}
