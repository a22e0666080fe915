import { operationFromDocument, Supergraph, type Operation, type Schema } from "@apollo/federation-internals";
import { QueryPlanner, type PlanNode, type QueryPlan, type SubscriptionNode } from "@apollo/query-planner";
import type { GatewayExecutionResult, GatewayExecutor, GatewayGraphQLRequestContext } from "@apollo/server-gateway-interface";
import { GraphQLError, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { getVariableValues } from "graphql/execution/values.js";
import { compileShape, type CompiledShape } from "./compiled-shape.js";
import { runPlan, type SubgraphCall } from "./run-plan.js";
import { shapeResponse } from "./shape-response.js";

/** An operation made ready once: its plan and its response shape (null: left to the stock executor). */
interface Prepared {
  plan: QueryPlan;
  operation: Operation;
  shape: CompiledShape;
}

const PREPARED_LIMIT = 2_000;

function usesOnlyPlainNodes(node: PlanNode | SubscriptionNode | undefined): boolean {
  if (!node) return true;
  switch (node.kind) {
    case "Fetch":
      return true;
    case "Sequence":
    case "Parallel":
      return node.nodes.every(usesOnlyPlainNodes);
    case "Flatten":
      return usesOnlyPlainNodes(node.node);
    case "Condition":
      return usesOnlyPlainNodes(node.ifClause) && usesOnlyPlainNodes(node.elseClause);
    default:
      return false;
  }
}

/**
 * Executes @apollo/gateway's query plans with less work per request than its own executor: the
 * operation model, the plan and the response shape are prepared once per operation, subgraphs are
 * reached through keep-alive pools (or in process), and no trace or span objects are built. Merging,
 * rewrites, error paths and response shaping follow the stock executor exactly; what it does not
 * cover (schema introspection, @defer) goes to the stock executor.
 */
export class LeanExecutor {
  /** The supergraph as graphql-js sees it: what @apollo/gateway's own data rewrites and type conditions look types up in. */
  private supergraphSchema?: GraphQLSchema;
  private apiSchema?: Schema;
  private planner?: QueryPlanner;
  private readonly prepared = new Map<string, Prepared | null>();
  /** Requests run here and requests handed to the stock executor. */
  readonly counts = { lean: 0, stock: 0 };

  private readonly callFor: (requestContext: GatewayGraphQLRequestContext) => SubgraphCall;

  constructor(callFor: (requestContext: GatewayGraphQLRequestContext) => SubgraphCall) {
    this.callFor = callFor;
  }

  /** Takes a (new) supergraph: plans and shapes are made again for it. */
  load(coreSupergraphSdl: string): void {
    const supergraph = Supergraph.build(coreSupergraphSdl);
    this.supergraphSchema = supergraph.schema.toGraphQLJSSchema();
    this.apiSchema = supergraph.apiSchema();
    this.planner = new QueryPlanner(supergraph);
    this.prepared.clear();
  }

  /** The executor Apollo Server runs, with `stock` for what this one leaves to it. */
  executor(stock: GatewayExecutor): GatewayExecutor {
    return async (requestContext) => {
      const prepared = this.prepare(requestContext);
      if (!prepared) {
        this.counts.stock++;
        return stock(requestContext);
      }
      this.counts.lean++;
      return this.execute(prepared, requestContext);
    };
  }

  /** Prepares the operation (its plan and response shape) without running it: its first execution finds it ready. */
  plan(requestContext: GatewayGraphQLRequestContext): void {
    this.prepare(requestContext);
  }

  private prepare(requestContext: GatewayGraphQLRequestContext): Prepared | null {
    const { request, document, queryHash } = requestContext;
    const key = request.operationName ? `${queryHash}\u0000${request.operationName}` : queryHash;
    const known = this.prepared.get(key);
    if (known !== undefined) return known;
    let prepared: Prepared | null = null;
    try {
      const operation = operationFromDocument(this.apiSchema!, document, { operationName: request.operationName });
      const plan = this.planner!.buildQueryPlan(operation);
      const shape = compileShape(operation);
      prepared = shape && usesOnlyPlainNodes(plan.node) ? { plan, operation, shape } : null;
    } catch {
      // The stock executor reports what is wrong with this operation, in its own words.
      prepared = null;
    }
    if (this.prepared.size >= PREPARED_LIMIT) this.prepared.delete(this.prepared.keys().next().value!);
    this.prepared.set(key, prepared);
    return prepared;
  }

  private async execute(prepared: Prepared, requestContext: GatewayGraphQLRequestContext): Promise<GatewayExecutionResult> {
    const { request } = requestContext;
    const definitions = (requestContext.operation as OperationDefinitionNode).variableDefinitions;
    if (definitions && definitions.length > 0) {
      const { errors } = getVariableValues(requestContext.schema, definitions, request.variables ?? {});
      if (errors) return { errors };
    }
    const errors: GraphQLError[] = [];
    const data: Record<string, unknown> = Object.create(null);
    if (prepared.plan.node) {
      const run = { supergraphSchema: this.supergraphSchema!, variableDefinitions: prepared.operation.variableDefinitions, variables: request.variables, call: this.callFor(requestContext), errors };
      await runPlan(run, prepared.plan.node as PlanNode, data);
    }
    try {
      const shaped = shapeResponse(prepared.shape, data, request.variables);
      if (errors.length === 0 && shaped.errors.length > 0) return { extensions: { valueCompletion: shaped.errors }, data: shaped.data };
      return errors.length === 0 ? { data: shaped.data } : { errors, data: shaped.data };
    } catch (error) {
      if (error instanceof GraphQLError) return { errors: [error] };
      return { errors: [new GraphQLError((error as Error).message, { originalError: error as Error })] };
    }
  }
}
