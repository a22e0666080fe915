import type { ApolloServerPlugin } from "@apollo/server";
import { BadRequestError } from "../../lib/errors.js";

/**
 * A subscription sent as an HTTP request (Apollo Gateway executes none) is a 400 that says where
 * subscriptions are served, not the gateway's internal error.
 */
export const subscriptionsOnlyOverWebSocket: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === "subscription") throw new BadRequestError("Subscriptions are served over graphql-ws on /graphql (a WebSocket), not over HTTP");
      },
    };
  },
};
