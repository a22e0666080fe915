import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import type { RenderedError } from "./business-errors.js";
import type { ErrorStyle, InputRefusal } from "./error-styles.js";
import { checkVariables, GRAPHQL_WORDING, problemOfGraphMessage, type InputProblem } from "./input-check.js";
import { restFieldName } from "./rest-fields.js";
import type { RestRoute } from "./route-table.js";

/** What the caller reads: the field by its REST name, and what it must be (an enum's values as the route spells them). */
export function refusalOf(problem: InputProblem, route: RestRoute, style: ErrorStyle): InputRefusal {
  const named = restFieldName(route, problem.path, style.memberName);
  // The field is the member as the caller sent it (`tags`); the message says which item (`tags[1]`).
  const refusal = (message: string) => ({ field: named.replace(/\[\d+\]/g, ""), message: `${named} ${message}` });
  if (problem.kind === "required") return refusal("is required");
  if (problem.kind === "unknown") return refusal("is not a known field");
  const allowed = route.restEnumValues?.[named] ?? problem.allowed;
  if (allowed) return refusal(`must be one of: ${allowed.join(", ")}`);
  return refusal(problem.expected ? `must be ${problem.expected}` : "is invalid");
}

/**
 * The refusal of a request whose variables do not fit its operation (checked against the graph's schema
 * before the operation runs, so nothing changes): a 400 in the platform's shape naming the REST field.
 */
export function refusedVariables(route: RestRoute, variables: Record<string, unknown>, style: ErrorStyle, schema: GraphQLSchema | undefined): RenderedError | undefined {
  const problem = schema && checkVariables(schema, route.operation, variables);
  return problem ? style.input(refusalOf(problem, route, style), route) : undefined;
}

/** Said instead of a message in GraphQL's words that names no variable (a caller could not act on it). */
const UNREADABLE_REQUEST = "The request could not be processed";

/**
 * A graph error in the platform's shape. Errors in GraphQL's own words never reach a REST caller as
 * they are: a variable's problem (what a subgraph refuses of a custom scalar, what the gateway refuses
 * that was not checked here) names the REST field; any other keeps its status with a plain message.
 */
export function graphErrorFor(error: GraphQLFormattedError, route: RestRoute, style: ErrorStyle, schema: GraphQLSchema | undefined): RenderedError {
  if (!GRAPHQL_WORDING.test(error.message)) return style.graph(error, route);
  const problem = problemOfGraphMessage(error.message, schema);
  if (problem) return style.input(refusalOf(problem, route, style), route);
  return style.graph({ ...error, message: UNREADABLE_REQUEST }, route);
}
