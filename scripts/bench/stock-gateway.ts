import { readFileSync } from "node:fs";
import { ApolloGateway, RemoteGraphQLDataSource } from "@apollo/gateway";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";

/**
 * The benchmarks' baseline: a stock Apollo Gateway over `SUPERGRAPH_FILE` (default data sources, plain
 * HTTP, no plugins), on any free port. `FORWARD_AUTHORIZATION=1` passes the caller's Authorization
 * header on to the subgraphs — the least a gateway in front of the product's subgraphs must do.
 */
interface Context {
  authorization?: string;
}
const forward = process.env.FORWARD_AUTHORIZATION === "1";
const gateway = new ApolloGateway({
  supergraphSdl: readFileSync(process.env.SUPERGRAPH_FILE!, "utf8"),
  ...(forward && {
    buildService: ({ url }) =>
      new RemoteGraphQLDataSource<Context>({
        url,
        willSendRequest({ request, context }) {
          if (context.authorization) request.http?.headers.set("authorization", context.authorization);
        },
      }),
  }),
});
const server = new ApolloServer<Context>({ gateway });
const { url } = await startStandaloneServer(server, {
  listen: { port: 0, host: "127.0.0.1" },
  context: async ({ req }) => ({ authorization: req.headers.authorization }),
});
console.log(`listening ${url}`);
