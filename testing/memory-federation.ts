import { composeServices } from "@apollo/composition";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer, HeaderMap } from "@apollo/server";
import { ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { parse } from "graphql";

/**
 * A federated graph of four subgraphs answering from memory (no database): accounts (users),
 * products, inventory (stock and shipping, `@requires` price and weight) and reviews (a review's
 * author and product, and every user's and product's reviews). Deterministic data, so two gateways in
 * front of it must answer byte for byte alike. The gateway-bound benchmark and its tests use it.
 */
const USERS = 10;
const PRODUCTS = 12;
const REVIEWS_PER_USER = 3;

const users = Array.from({ length: USERS }, (_v, i) => ({ id: `u${i + 1}`, name: `User Number ${i + 1}`, username: `user${i + 1}`, birthday: 1_000_000 + i * 86_400 }));
const products = Array.from({ length: PRODUCTS }, (_v, i) => ({ upc: `p${i + 1}`, name: `Product ${i + 1}`, price: 100 + ((i * 37) % 900), weight: 1 + ((i * 13) % 40) }));
const reviews = Array.from({ length: USERS * REVIEWS_PER_USER }, (_v, i) => ({
  id: `r${i + 1}`,
  body: `Review ${i + 1}: ${"a fine thing, would buy again. ".repeat(1 + (i % 3))}`.trim(),
  authorId: users[i % USERS].id,
  upc: products[(i * 7) % PRODUCTS].upc,
}));
const byId = <T, K extends keyof T>(rows: T[], key: K) => new Map(rows.map((row) => [row[key], row]));
const usersById = byId(users, "id");
const productsByUpc = byId(products, "upc");

type Resolvers = Parameters<typeof buildSubgraphSchema>[0] extends infer M ? (M extends { resolvers?: infer R } ? R : never) : never;
export interface MemorySubgraph {
  name: string;
  typeDefs: string;
  resolvers: Resolvers;
}

const LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external", "@requires", "@provides", "@shareable"])`;

export const MEMORY_SUBGRAPHS: Record<string, MemorySubgraph> = {
  accounts: {
    name: "accounts",
    typeDefs: `${LINK}
      type Query { me: User  users: [User]  user(id: ID!): User }
      type User @key(fields: "id") { id: ID!  name: String  username: String @shareable  birthday: Int }`,
    resolvers: {
      Query: { me: () => users[0], users: () => users, user: (_: unknown, { id }: { id: string }) => usersById.get(id) },
      User: { __resolveReference: ({ id }: { id: string }) => usersById.get(id) },
    } as Resolvers,
  },
  products: {
    name: "products",
    typeDefs: `${LINK}
      type Query { topProducts(first: Int = 5): [Product] }
      type Product @key(fields: "upc") { upc: String!  name: String  price: Int  weight: Int }`,
    resolvers: {
      Query: { topProducts: (_: unknown, { first }: { first: number }) => products.slice(0, first) },
      Product: { __resolveReference: ({ upc }: { upc: string }) => productsByUpc.get(upc) },
    } as Resolvers,
  },
  inventory: {
    name: "inventory",
    typeDefs: `${LINK}
      type Product @key(fields: "upc") { upc: String!  weight: Int @external  price: Int @external  inStock: Boolean  shippingEstimate: Int @requires(fields: "price weight") }`,
    resolvers: {
      Product: {
        __resolveReference: (reference: { upc: string; price?: number; weight?: number }) => ({ ...reference, inStock: Number(reference.upc.slice(1)) % 4 !== 0 }),
        // Free for expensive items, else half the weight.
        shippingEstimate: ({ price, weight }: { price: number; weight: number }) => (price > 1000 ? 0 : Math.round(weight * 0.5)),
      },
    } as Resolvers,
  },
  reviews: {
    name: "reviews",
    typeDefs: `${LINK}
      type Review @key(fields: "id") { id: ID!  body: String  author: User @provides(fields: "username")  product: Product }
      type User @key(fields: "id") { id: ID!  username: String @external  reviews: [Review] }
      type Product @key(fields: "upc") { upc: String!  reviews: [Review] }`,
    resolvers: {
      Review: {
        author: (review: (typeof reviews)[number]) => ({ __typename: "User", id: review.authorId, username: usersById.get(review.authorId)!.username }),
        product: (review: (typeof reviews)[number]) => ({ __typename: "Product", upc: review.upc }),
      },
      User: { reviews: ({ id }: { id: string }) => reviews.filter((review) => review.authorId === id) },
      Product: { reviews: ({ upc }: { upc: string }) => reviews.filter((review) => review.upc === upc) },
    } as Resolvers,
  },
};

/**
 * The benchmark's query: crosses all four subgraphs, `_entities` fetches under lists of lists
 * (users → reviews → product → reviews → author → reviews → product), an answer of about 80 KB.
 */
export const BENCHMARK_QUERY = `
fragment User on User { id username name }
fragment Review on Review { id body }
fragment Product on Product { inStock name price shippingEstimate upc weight }
query Benchmark {
  users { ...User reviews { ...Review product { ...Product reviews { ...Review author { ...User reviews { ...Review product { ...Product } } } } } } }
  topProducts { ...Product reviews { ...Review author { ...User reviews { ...Review product { ...Product } } } } }
}`;

/** Composes the named memory subgraphs at the given URLs into a supergraph SDL. */
export function composeMemorySupergraph(urls: Record<string, string>): string {
  const result = composeServices(Object.entries(urls).map(([name, url]) => ({ name, url, typeDefs: parse(MEMORY_SUBGRAPHS[name].typeDefs) })));
  if (result.errors) throw new Error(`memory subgraphs do not compose:\n${result.errors.map((e) => e.message).join("\n")}`);
  return result.supergraphSdl;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One memory subgraph served over HTTP (any path). With `memoize`, a request body seen before is
 * answered with the bytes Apollo Server answered it with the first time (the data never changes), so
 * the subgraphs cost next to nothing and a benchmark in front of them measures the gateway.
 */
export async function startMemorySubgraph(name: string, { port = 0, memoize = false } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const { typeDefs, resolvers } = MEMORY_SUBGRAPHS[name];
  const apollo = new ApolloServer({ schema: buildSubgraphSchema({ typeDefs: parse(typeDefs), resolvers }), plugins: [ApolloServerPluginInlineTraceDisabled()] });
  await apollo.start();
  const answered = new Map<string, string>();
  const server = http.createServer(async (request, response) => {
    const text = await readBody(request);
    const known = answered.get(text);
    if (known !== undefined) return void response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(known);
    const headers = new HeaderMap(Object.entries(request.headers).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return void response.writeHead(400).end("malformed JSON");
    }
    const answer = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: { method: request.method ?? "GET", headers, search: new URL(request.url ?? "/", "http://x").search, body }, context: async () => ({}) });
    if (answer.body.kind !== "complete") throw new Error("incremental delivery is not used here");
    const status = answer.status ?? 200;
    if (memoize && status === 200 && answered.size < 10_000) answered.set(text, answer.body.string);
    response.writeHead(status, Object.fromEntries(answer.headers)).end(answer.body.string);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await apollo.stop();
    },
  };
}
