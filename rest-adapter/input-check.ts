import {
  coerceInputValue,
  getNamedType,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import type { VariablePath } from "./rest-fields.js";

/**
 * What is wrong with one input, at its variable path (`["input", "designType", "width"]`):
 * `required` absent or null, `unknown` a member its type does not have, `invalid` a value its type refuses.
 */
export interface InputProblem {
  path: VariablePath;
  kind: "required" | "unknown" | "invalid";
  /** For `invalid`: what the value must be, in words ("an integer"), or the allowed values of an enum. */
  expected?: string;
  allowed?: readonly string[];
}

const SCALAR_WORDS: Record<string, string> = {
  String: "a string",
  Int: "an integer",
  Float: "a number",
  Boolean: "true or false",
  ID: "a string",
};

/** What a value of `type` must be: an enum's values, a scalar's kind, an object, or the scalar's own words (`must be …`). */
function expectation(type: GraphQLNamedType | undefined, typeName: string, detail?: string): Pick<InputProblem, "expected" | "allowed"> {
  if (type && isEnumType(type)) return { allowed: type.getValues().map((value) => value.name) };
  if (type && isInputObjectType(type)) return { expected: "an object" };
  if (SCALAR_WORDS[typeName]) return { expected: SCALAR_WORDS[typeName] };
  // A type's name means nothing to a REST caller: without its own words the value is only "invalid".
  const own = detail && /^must be (.+?)\.?$/.exec(detail)?.[1];
  return own ? { expected: own } : {};
}

/** The type at `path` inside `type` (list items by index, input members by name). */
function typeAt(type: GraphQLInputType, path: VariablePath): GraphQLInputType | undefined {
  let current: GraphQLInputType | undefined = type;
  for (const key of path) {
    while (current && (isNonNullType(current) || (isListType(current) && typeof key === "number"))) current = current.ofType as GraphQLInputType;
    if (typeof key === "number") continue;
    const named: GraphQLNamedType | undefined = current && getNamedType(current);
    current = named && isInputObjectType(named) ? named.getFields()[key]?.type : undefined;
  }
  return current;
}

/** A coercion error as a problem at its path (graphql-js words it; the words decide nothing beyond which kind). */
function problemOf(variableType: GraphQLInputType, path: VariablePath, value: unknown, error: GraphQLError): InputProblem {
  const member = /^Field "(\w+)" (of required type|is not defined by type)/.exec(error.message);
  if (member) return { path: [...path, member[1]], kind: member[2] === "of required type" ? "required" : "unknown" };
  if (value === null || value === undefined) return { path, kind: "required" };
  const at = typeAt(variableType, path.slice(1));
  const type = at && getNamedType(at);
  const detail = /^Expected type "\w+"\. (.+)$/.exec(error.message)?.[1];
  // graphql-js takes a value that is no list as a list of one, and refuses it as that item.
  const list = at && isListType(isNonNullType(at) ? at.ofType : at) && !Array.isArray(value);
  return { path, kind: "invalid", ...(list ? { expected: "a list" } : expectation(type, type?.name ?? "value", detail)) };
}

const operations = new Map<string, OperationDefinitionNode | undefined>();

function operationOf(source: string): OperationDefinitionNode | undefined {
  if (!operations.has(source)) {
    const definition = parse(source).definitions.find((node): node is OperationDefinitionNode => node.kind === Kind.OPERATION_DEFINITION);
    operations.set(source, definition);
  }
  return operations.get(source);
}

/** The input type at a variable path of an operation (`["input", "designType"]`), as the schema declares it. */
export function inputTypeAt(schema: GraphQLSchema, operation: string, path: VariablePath): GraphQLInputType | undefined {
  const definition = operationOf(operation)?.variableDefinitions?.find((candidate) => candidate.variable.name.value === path[0]);
  const type = definition && (typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined);
  return type && typeAt(type, path.slice(1));
}

/**
 * The first problem of the variables against the operation's variable definitions in the graph's
 * schema, as graphql-js coerces them; none when they fit, or when the schema does not know a type the
 * operation declares (a domain not served here: the graph answers for itself).
 */
export function checkVariables(schema: GraphQLSchema, operation: string, variables: Record<string, unknown>): InputProblem | undefined {
  const definitions = operationOf(operation)?.variableDefinitions ?? [];
  const types = definitions.map((definition) => typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined);
  if (types.some((type) => !type || !isInputType(type))) return undefined;
  for (const [index, definition] of definitions.entries()) {
    const name = definition.variable.name.value;
    const type = types[index]!;
    const value = variables[name];
    if (value === undefined) {
      if (isNonNullType(type) && !definition.defaultValue) return { path: [name], kind: "required" };
      continue;
    }
    let problem: InputProblem | undefined;
    coerceInputValue(value, type, (path, invalid, error) => {
      problem ??= problemOf(type, [name, ...path], invalid, error);
    });
    if (problem) return problem;
  }
  return undefined;
}

/** Words only GraphQL's own messages use: such a message never reaches a REST caller as it is. */
export const GRAPHQL_WORDING = /Variable "\$|Expected type|Expected non-nullable|Expected value of type|got invalid value|cannot represent|non-nullable|does not exist in "|of required type|is not defined by type|Cannot query field|Unknown (type|argument)|Syntax Error/;

/** `input.designType.width`, `tags[1]` → its path. */
function pathOf(text: string): VariablePath {
  return [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : match[1]));
}

/**
 * A variable's problem as the graph words it (`Variable "$sortBy" got invalid value "newest"; Value
 * "newest" does not exist in "DesignSortBy" enum.`): what a subgraph refuses of a custom scalar, or the
 * gateway of a value the adapter did not check. `schema` lists an enum's values when it knows them.
 */
export function problemOfGraphMessage(message: string, schema?: GraphQLSchema): InputProblem | undefined {
  const variable = /^Variable "\$(\w+)"/.exec(message)?.[1];
  if (!variable) return undefined;
  const at = /^Variable "\$\w+" got invalid value [\s\S]*? at "([^"]+)"; ([\s\S]+)$/.exec(message);
  const path = pathOf(at?.[1] ?? variable);
  // What the type says of the value: after the path, else after the value (its own text may hold "; ").
  const reason = at?.[2] ?? message.slice(message.lastIndexOf("; ") + 2);
  const member = /Field "(\w+)" (of required type|is not defined by type)/.exec(reason);
  if (member) return { path: [...path, member[1]], kind: member[2] === "of required type" ? "required" : "unknown" };
  if (/was not provided|must not be null|not to be null/.test(message)) return { path, kind: "required" };
  const typeName = /does not exist in "(\w+)" enum|Enum "(\w+)" cannot represent/.exec(reason)?.slice(1).find(Boolean) ?? /(String|Int|Float|Boolean|ID) cannot represent/.exec(reason)?.[1] ?? /^Expected type "(\w+)"/.exec(reason)?.[1];
  const own = /^(?:Expected type "\w+"\. )?(must be .+)$/.exec(reason)?.[1];
  if (!typeName) return { path, kind: "invalid", ...(own ? expectation(undefined, "value", own) : {}) };
  return { path, kind: "invalid", ...expectation(schema?.getType(typeName) ?? undefined, typeName, own) };
}
