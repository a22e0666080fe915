import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import type { RenderedError } from "./business-errors.js";
import type { ErrorStyle, InputRefusal } from "./error-styles.js";
import { checkVariables, GRAPHQL_WORDING, problemOfGraphMessage, type InputProblem } from "./input-check.js";
import { restFieldName } from "./rest-fields.js";
import type { RestRoute } from "./route-table.js";

/** What the caller reads: the field by its REST name, and what it must be (an enum's values as the route spells them). */
export function refusalOf(problem: InputProblem, route: RestRoute, style: ErrorStyle): InputRefusal {
  const field = restFieldName(route, problem.path, style.memberName);
  if (problem.kind === "required") return { field, message: `${field} is required` };
  if (problem.kind === "unknown") return { field, message: `${field} is not a known field` };
  const allowed = route.restEnumValues?.[field] ?? problem.allowed;
  if (allowed) return { field, message: `${field} must be one of: ${allowed.join(", ")}` };
  return { field, message: problem.expected ? `${field} must be ${problem.expected}` : `${field} is invalid` };
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
