import type http from "node:http";
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionArgs, type ExecutionResult, type FormattedExecutionResult, type GraphQLSchema } from "graphql";
import { WebSocketServer } from "ws";
import { bindGraphqlWs } from "./ws-transport.js";
import { OperationResolutionError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { OperationRules } from "../../lib/graphql/operation-rules.js";
import { subscriptionQueryOf } from "./subscription-operation.js";
import { DocumentCache } from "./document-cache.js";
import type { DeclaredSubscriptions, ExecuteThroughGateway } from "./declared-subscriptions.js";
import type { PushQueue } from "./push-queue.js";

/** Results arrive already formatted by the gateway; graphql-ws only serialises them. */
type Sent = ExecutionResult | AsyncIterable<ExecutionResult>;

/** What one connection knows of itself, kept for its lifetime. */
interface Connection {
  /** Its count of live subscriptions. */
  subscriptions: number;
  /** The client's address, as HTTP would take it from the upgrade request. */
  clientAddress: string;
}

interface OperationContext {
  authorization: string | undefined;
  connection: Connection;
}


/**
 * A subscription's result on its way out, emptied once graphql-ws takes it to send (`onNext`): its loop
 * keeps the last value it read from the stream until the next one comes, and a subscription should not
 * keep its last message (a thousand subscribers of one event share one result; each one's first is its own).
 */
class Outgoing {
  private result: FormattedExecutionResult | undefined;

  constructor(result: FormattedExecutionResult) {
    this.result = result;
  }

  take(): FormattedExecutionResult | undefined {
    const result = this.result;
    this.result = undefined;
    return result;
  }
}

/** A subscription's results, each handed to graphql-ws as an `Outgoing`. */
class OutgoingResults implements AsyncIterableIterator<Outgoing> {
  private readonly queue: PushQueue<FormattedExecutionResult>;

  constructor(queue: PushQueue<FormattedExecutionResult>) {
    this.queue = queue;
  }

  async next(): Promise<IteratorResult<Outgoing>> {
    const step = await this.queue.next();
    return step.done ? { done: true, value: undefined } : { done: false, value: new Outgoing(step.value) };
  }

  async return(): Promise<IteratorResult<Outgoing>> {
    await this.queue.return();
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<Outgoing> {
    return this;
  }
}

/** `connectionParams: { authorization: "Bearer …" }` (the header's name in any case). */
function authorizationOf(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const entry = Object.entries(params ?? {}).find(([name]) => name.toLowerCase() === "authorization");
  return typeof entry?.[1] === "string" ? entry[1] : undefined;
}

/**
 * graphql-ws on the gateway's own port and path: every declared subscription runs through the shared
 * executions; queries and mutations sent over the socket run through the gateway like HTTP ones.
 */
export function serveGraphqlWs(options: {
  server: http.Server;
  schema: () => GraphQLSchema | undefined;
  execute: ExecuteThroughGateway;
  subscriptions: DeclaredSubscriptions;
  maxPayloadBytes: number;
  /** The rules every operation meets and every error is shaped by, as over HTTP. */
  rules: OperationRules;
  /** The client's address of a connection, from its upgrade request (as HTTP takes it from a request). */
  clientAddress: (request: http.IncomingMessage) => string;
  /** Live subscriptions one connection may hold; more are refused with an error (the socket stays open). */
  maxSubscriptionsPerConnection: number;
  log: Logger;
}): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ server: options.server, path: "/graphql", maxPayload: options.maxPayloadBytes });
  const viaGateway = (args: ExecutionArgs): Promise<FormattedExecutionResult> => {
    const context = args.contextValue as OperationContext;
    const body = args.document.loc?.source.body ?? "";
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    const { authorization, connection } = context;
    return options.execute({ query: body, variables, operationName: args.operationName, authorization, clientAddress: connection.clientAddress });
  };
  const documents = new DocumentCache(options.rules);
  const refusal = (error: GraphQLError): Sent => ({ errors: [options.rules.format(error)] }) as unknown as ExecutionResult;
  const disposable = bindGraphqlWs(
    {
      // Parsed and validated here, once per text: a malformed operation is refused alone, the socket stays open.
      onSubscribe: (_ctx, _id, payload) => {
        const schema = options.schema();
        if (!schema) return [new GraphQLError("The graph is not ready", { extensions: { code: "SERVICE_UNAVAILABLE" } })];
        let document: DocumentNode;
        try {
          document = documents.parse(payload.query);
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = documents.validate(schema, document);
        if (errors.length > 0) return errors;
        // graphql-ws keeps the message while the subscription lives: every subscription of one text keeps the same copy of it.
        (payload as { query: string }).query = document.loc?.source.body ?? payload.query;
        if (!getOperationAST(document, payload.operationName)) return [new OperationResolutionError(payload.operationName)];
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      // Errors graphql-ws raises itself, and those above, leave shaped as Apollo Server shapes its own.
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => options.rules.format(error)),
      context: (ctx) => {
        const extra = ctx.extra as { connection?: Connection; request?: http.IncomingMessage };
        if (!extra.connection) {
          extra.connection = { subscriptions: 0, clientAddress: options.clientAddress(extra.request!) };
          // Its address is all the connection needs of the upgrade request: not kept (headers and all) while the socket lives.
          delete extra.request;
        }
        return { authorization: authorizationOf(ctx.connectionParams), connection: extra.connection } satisfies OperationContext;
      },
      execute: (args) => viaGateway(args) as unknown as Promise<ExecutionResult>,
      // Results are already formatted by the gateway (plain errors): sent as they are.
      onNext: (_ctx, _id, _payload, _args, result) => (result instanceof Outgoing ? result.take() : result) as unknown as FormattedExecutionResult,
      subscribe: (args) => {
        const context = args.contextValue as OperationContext;
        if (context.connection.subscriptions >= options.maxSubscriptionsPerConnection) {
          const message = `At most ${options.maxSubscriptionsPerConnection} subscriptions per connection`;
          return refusal(new GraphQLError(message, { extensions: { code: "RATE_LIMITED" } }));
        }
        try {
          const request = subscriptionQueryOf(options.subscriptions.declarations, args.document, (args.variableValues ?? {}) as Record<string, unknown>, args.operationName);
          context.connection.subscriptions++;
          const ended = () => void context.connection.subscriptions--;
          const caller = { authorization: context.authorization, clientAddress: context.connection.clientAddress };
          return new OutgoingResults(options.subscriptions.subscribe(request, caller, ended)) as unknown as Sent;
        } catch (error) {
          if (error instanceof GraphQLError) return refusal(error);
          throw error;
        }
      },
    },
    sockets,
    options.log,
  );
  return {
    async close() {
      // 1012 "service restart": clients reconnect (to another replica, or to this one once it is back).
      for (const client of sockets.clients) client.close(1012, "Service restart");
      await disposable.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
