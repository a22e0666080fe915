import { composeServices } from "@apollo/composition";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { GraphQLError, parse } from "graphql";

/*
 * Five small subgraphs answering from memory (products, reviews, users, inventory, ratings), for
 * comparing gateways and executors: entities across all of them, @requires, interfaces (one an entity
 * another subgraph extends as an @interfaceObject), unions, enums,
 * nullable and non-null fields that fail (u3 has no email; the review of p5 names an author no subgraph knows).
 */

const LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external", "@requires", "@shareable", "@interfaceObject"])`;

const products = Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, price: 10 + i * 1.5, kind: i % 3 === 0 ? "BOOK" : "GADGET", sellerId: `u${i % 5}` }));
const users = Array.from({ length: 5 }, (_, i) => ({ id: `u${i}`, name: `User ${i}`, email: i === 3 ? null : `user${i}@example.test` }));
const reviewsOf = (productId: string) => {
  const n = Number(productId.slice(1));
  return Array.from({ length: n % 4 }, (_, j) => ({ id: `${productId}-r${j}`, body: j === 1 ? null : `Review ${j} of ${productId}`, stars: ((n + j) % 5) + 1, authorId: n === 5 && j === 0 ? "u99" : `u${(n + j) % 5}` }));
};

const SUBGRAPHS = {
  products: {
    typeDefs: `${LINK}
      enum Kind { BOOK GADGET }
      interface Item @key(fields: "id") { id: ID! name: String! }
      type Product implements Item @key(fields: "id") { id: ID! name: String! price: Float! kind: Kind! seller: User secret: String }
      type User @key(fields: "id", resolvable: false) { id: ID! }
      type Query { products(first: Int = 12): [Product!]! product(id: ID!): Product items: [Item!]! failing: Product! }`,
    resolvers: {
      Query: {
        products: (_: unknown, { first }: { first: number }) => products.slice(0, first),
        product: (_: unknown, { id }: { id: string }) => products.find((p) => p.id === id) ?? null,
        items: () => products.slice(0, 3),
        failing: () => {
          throw new GraphQLError("No product today", { extensions: { code: "NOT_FOUND" } });
        },
      },
      Item: { __resolveType: () => "Product", __resolveReference: ({ id }: { id: string }) => products.find((p) => p.id === id) },
      Product: {
        __resolveReference: ({ id }: { id: string }) => products.find((p) => p.id === id),
        seller: (product: { sellerId: string }) => ({ id: product.sellerId }),
        secret: (product: { id: string }) => {
          if (product.id === "p1") throw new GraphQLError("Not yours", { extensions: { code: "FORBIDDEN" } });
          return `secret of ${product.id}`;
        },
      },
    },
  },
  reviews: {
    typeDefs: `${LINK}
      type Product @key(fields: "id") { id: ID! reviews: [Review!]! }
      type Review { id: ID! body: String stars: Int! author: User! }
      type User @key(fields: "id", resolvable: false) { id: ID! }`,
    resolvers: {
      Product: { __resolveReference: ({ id }: { id: string }) => ({ id }), reviews: ({ id }: { id: string }) => reviewsOf(id) },
      Review: { author: (review: { authorId: string }) => ({ id: review.authorId }) },
    },
  },
  users: {
    typeDefs: `${LINK}
      type User @key(fields: "id") { id: ID! name: String email: String! }
      union Actor = User
      type Query { actors: [Actor!]! }`,
    resolvers: {
      Query: { actors: () => users.slice(0, 2) },
      Actor: { __resolveType: () => "User" },
      User: { __resolveReference: ({ id }: { id: string }) => users.find((u) => u.id === id) ?? null },
    },
  },
  inventory: {
    typeDefs: `${LINK}
      type Product @key(fields: "id") { id: ID! price: Float! @external inStock: Boolean! shippingEstimate: Int @requires(fields: "price") }`,
    resolvers: {
      Product: {
        __resolveReference: (reference: { id: string; price?: number }) => reference,
        inStock: ({ id }: { id: string }) => Number(id.slice(1)) % 2 === 0,
        shippingEstimate: ({ price }: { price: number }) => (price > 20 ? 0 : Math.round(price / 2)),
      },
    },
  },
  ratings: {
    typeDefs: `${LINK}
      type Item @key(fields: "id") @interfaceObject { id: ID! rating: Int! }
      type Query { topRated: [Item!]! }`,
    resolvers: {
      Query: { topRated: () => ["p4", "p2", "p7"].map((id) => ({ id })) },
      Item: { __resolveReference: ({ id }: { id: string }) => ({ id }), rating: ({ id }: { id: string }) => (Number(id.slice(1)) % 5) + 1 },
    },
  },
};

export interface FederatedFixture {
  supergraphSdl: string;
  /** Each subgraph's URL, by name. */
  urls: Record<string, string>;
  /** Stops one subgraph (to see what a gateway answers without it). */
  stopOne(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the subgraphs on free loopback ports and composes their supergraph. */
export async function startFederatedFixture(): Promise<FederatedFixture> {
  const servers = new Map<string, ApolloServer>();
  const services: { name: string; url: string; typeDefs: ReturnType<typeof parse> }[] = [];
  for (const [name, { typeDefs, resolvers }] of Object.entries(SUBGRAPHS)) {
    const document = parse(typeDefs);
    const server = new ApolloServer({ schema: buildSubgraphSchema({ typeDefs: document, resolvers: resolvers as never }) });
    const { url } = await startStandaloneServer(server, { listen: { port: 0, host: "127.0.0.1" } });
    servers.set(name, server);
    services.push({ name, url, typeDefs: document });
  }
  const composed = composeServices(services);
  if (composed.errors) throw new Error(composed.errors.map((error) => error.message).join("\n"));
  return {
    supergraphSdl: composed.supergraphSdl,
    urls: Object.fromEntries(services.map(({ name, url }) => [name, url])),
    async stopOne(name) {
      await servers.get(name)?.stop();
      servers.delete(name);
    },
    async stop() {
      await Promise.all([...servers.values()].map((server) => server.stop()));
    },
  };
}
