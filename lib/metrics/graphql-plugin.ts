import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from "@apollo/server";
import { graphqlOperationErrors, graphqlOperationSeconds } from "./registry.js";

/** Past this many distinct operation names (clients choose them), further names count as `other`. */
const MAX_OPERATION_NAMES = 500;

type Child = ReturnType<typeof graphqlOperationSeconds.labels>;
type ErrorChild = ReturnType<typeof graphqlOperationErrors.labels>;
const byName = new Map<string, { seconds: Child; errors: ErrorChild }>();

function childrenFor(name: string): { seconds: Child; errors: ErrorChild } {
  let children = byName.get(name);
  if (!children) {
    if (byName.size >= MAX_OPERATION_NAMES && name !== "other") return childrenFor("other");
    children = { seconds: graphqlOperationSeconds.labels(name), errors: graphqlOperationErrors.labels(name) };
    byName.set(name, children);
  }
  return children;
}

/** Where the start time of a request is kept: on the request's own `metrics` object, which Apollo makes anyway. */
const STARTED = Symbol("startedAt");
type Timed = { [STARTED]?: number };

/** One listener object shared by every request: nothing is allocated per request. */
const listener: GraphQLRequestListener<any> = {
  async willSendResponse(context: GraphQLRequestContext<any>) {
    const started = (context.metrics as Timed)[STARTED];
    if (started === undefined) return;
    const name = context.operationName ?? (context.operation ? "anonymous" : "unresolved");
    const children = childrenFor(name);
    children.seconds.observe((performance.now() - started) / 1000);
    if (context.errors?.length) children.errors.inc();
  },
};

/** Observes every operation's latency under its name (and counts those answered with errors). */
export const operationMetricsPlugin: ApolloServerPlugin<any> = {
  async requestDidStart(context) {
    (context.metrics as Timed)[STARTED] = performance.now();
    return listener;
  },
};
