import type { ApolloServerPlugin } from "@apollo/server";
import { BadRequestError, OperationResolutionError } from "../../lib/errors.js";

/**
 * What HTTP refuses before the gateway executes: a document whose operation cannot be chosen (the
 * gateway's executor would fail it as an internal error), and a subscription (Apollo Gateway executes
 * none): each a 400 that says why.
 */
export const httpOperationRefusals: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request }) {
        if (!operation) throw new OperationResolutionError(request.operationName);
        if (operation.operation === "subscription") throw new BadRequestError("Subscriptions are served over graphql-ws on /graphql (a WebSocket), not over HTTP");
      },
    };
  },
};
