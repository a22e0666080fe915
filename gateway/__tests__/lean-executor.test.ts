// @tier contract
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, test } from "node:test";
import { ApolloGateway, RemoteGraphQLDataSource } from "@apollo/gateway";
import { ApolloServer } from "@apollo/server";
import { InternalCalls } from "../../lib/auth/internal-calls.js";
import { startFederatedFixture, type FederatedFixture } from "../../testing/federated-fixture.js";
import { buildSchema, isValidLeafValue, type EnumType, type ScalarType } from "@apollo/federation-internals";
import { leafCheck } from "../execution/compiled-shape.js";
import { LeanExecutor } from "../execution/lean-executor.js";
import { SubgraphClient } from "../subgraph-client/client.js";
import type { GatewayContext } from "../graph.js";

// The same supergraph behind two Apollo Servers: @apollo/gateway's own executor and ours. Every answer must be the same bytes.
let fixture: FederatedFixture;
let stock: ApolloServer<GatewayContext>;
let lean: ApolloServer<GatewayContext>;
let calls: SubgraphClient;
let executor: LeanExecutor;

/** Representations each side sent to `_entities`, and how many of them were repeats within their fetch. */
const sent = { stock: { representations: 0, repeats: 0 }, lean: { representations: 0, repeats: 0 } };

function count(side: keyof typeof sent, variables: Record<string, unknown> | undefined): void {
  const representations = variables?.representations as unknown[] | undefined;
  if (!representations) return;
  sent[side].representations += representations.length;
  sent[side].repeats += representations.length - new Set(representations.map((representation) => JSON.stringify(representation))).size;
}

async function server(withLean: boolean): Promise<ApolloServer<GatewayContext>> {
  const gateway = new ApolloGateway({
    supergraphSdl: fixture.supergraphSdl,
    buildService: ({ url }) => new RemoteGraphQLDataSource({ url, willSendRequest: ({ request }) => count("stock", request.variables) }),
  });
  if (withLean) {
    executor = new LeanExecutor((requestContext) => {
      const call = calls.for(requestContext.context as GatewayContext);
      return (serviceName, body) => {
        count("lean", body.variables);
        return call(serviceName, body);
      };
    });
    gateway.onSchemaLoadOrUpdate(({ coreSupergraphSdl }) => executor.load(coreSupergraphSdl));
    gateway.executor = executor.executor(gateway.executor!);
  }
  const apollo = new ApolloServer<GatewayContext>({ gateway, includeStacktraceInErrorResponses: false });
  await apollo.start();
  return apollo;
}

before(async () => {
  fixture = await startFederatedFixture();
  calls = new SubgraphClient(new InternalCalls(randomBytes(32)), (name) => fixture.urls[name]);
  [stock, lean] = await Promise.all([server(false), server(true)]);
});
after(async () => {
  await Promise.all([stock?.stop(), lean?.stop()]);
  await calls?.close();
  await fixture?.stop();
});

async function both(query: string, variables?: Record<string, unknown>, operationName?: string): Promise<{ stock: string; lean: string }> {
  const run = async (apollo: ApolloServer<GatewayContext>) => {
    const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue: { authorization: undefined } });
    assert.equal(response.body.kind, "single");
    return JSON.stringify(response.body.kind === "single" ? response.body.singleResult : null);
  };
  return { stock: await run(stock), lean: await run(lean) };
}

const CASES: [string, string, Record<string, unknown>?, string?][] = [
  ["entities across all four subgraphs, @requires, lists of lists", `{ products { id name price kind inStock shippingEstimate reviews { id body stars author { id name } } seller { name } } }`],
  ["a subgraph's own non-null error, bubbled through the entities", `{ products { id reviews { author { email } } } }`],
  ["an entity no subgraph knows under a non-null field", `{ product(id: "p5") { name reviews { id author { email } } } products(first: 1) { name } }`],
  ["aliases, named and inline fragments, variables with defaults, @include", `query Q($first: Int, $withReviews: Boolean!) { list: products(first: $first) { ... on Product { name } ...P reviews @include(if: $withReviews) { stars } } } fragment P on Product { pid: id price }`, { first: 4, withReviews: true }],
  ["@include false and @skip literal", `query Q($withReviews: Boolean!) { products(first: 3) { id reviews @include(if: $withReviews) { stars } name @skip(if: true) } }`, { withReviews: false }],
  ["interfaces, unions and __typename (aliased too)", `{ __typename items { __typename id ... on Product { kind inStock } } actors { __typename t: __typename ... on User { name } } }`],
  ["an entity interface extended elsewhere as an @interfaceObject, reached from both sides", `{ items { __typename id name rating } topRated { __typename id rating name ... on Product { price } } }`],
  ["a subgraph error on a nullable field: partial data, error with its path", `{ products(first: 3) { id secret } product(id: "p1") { name secret } }`],
  ["an error on a non-null root field nulls the whole data", `{ failing { name } products(first: 2) { name } }`],
  ["an entity that does not exist", `{ product(id: "nope") { name reviews { id } } }`],
  ["variables of the wrong type are refused before any fetch", `query($first: Int) { products(first: $first) { id } }`, { first: "many" }],
  ["the operation named among several", `query A { products(first: 1) { name } } query B { actors { ... on User { id } } }`, undefined, "B"],
  ["aliases named __proto__ stay members of the answer", `{ __proto__: products(first: 2) { __proto__: name id } }`],
  ["aliases named as Object.prototype's members stay members of the answer", `{ product(id: "p2") { constructor: name toString: id valueOf: seller { hasOwnProperty: name } } }`],
  ["schema introspection (left to the stock executor)", `{ __schema { queryType { name } } __type(name: "Product") { fields { name } } }`],
];

for (const [name, query, variables, operationName] of CASES) {
  test(`same bytes as @apollo/gateway's executor: ${name}`, async () => {
    const counted = { ...executor.counts };
    const answers = await both(query, variables, operationName);
    assert.equal(answers.lean, answers.stock);
    assert.ok(answers.lean.length > 20, answers.lean);
    const introspection = query.includes("__schema");
    assert.deepEqual(executor.counts, introspection ? { ...counted, stock: counted.stock + 1 } : { ...counted, lean: counted.lean + 1 }, "which executor answered");
  });
}

test("aliases cannot reach Object.prototype through the answer being built: nothing is set on it or on Object", async () => {
  const attacks = [
    `{ constructor: product(id: "p1") { prototype: seller { polluted: name } } }`,
    `{ constructor: product(id: "p1") { prototype: seller { isAdmin: __typename } } }`,
    `{ constructor: product(id: "p1") { id } }`,
  ];
  try {
    for (const query of attacks) {
      const answers = await both(query);
      assert.equal(answers.lean, answers.stock, query);
      assert.match(answers.lean, /"constructor":\{/);
    }
    assert.equal(({} as any).polluted, undefined);
    assert.equal(({} as any).isAdmin, undefined);
    assert.equal((Object as any).id, undefined);
  } finally {
    delete (Object.prototype as any).polluted;
    delete (Object.prototype as any).isAdmin;
    delete (Object as any).id;
  }
});

test("null bubbling is reported as the stock gateway does: the nearest nullable parent is null, valueCompletion errors", async () => {
  const { lean: answer } = await both(`{ product(id: "p5") { name reviews { id author { email } } } products(first: 1) { name } }`);
  const body = JSON.parse(answer);
  assert.deepEqual(body.data, { product: null, products: [{ name: "Product 0" }] });
  assert.equal(body.extensions.valueCompletion[0].message, "Cannot return null for non-nullable field User.email.");
  assert.deepEqual(body.extensions.valueCompletion[0].path, ["product", "reviews", 0, "author", "email"]);
});

test("a subgraph that is down: the same partial data; its fields carry SERVICE_UNAVAILABLE", async () => {
  await fixture.stopOne("inventory");
  const answers = await both(`{ products(first: 2) { name inStock } }`);
  const stockBody = JSON.parse(answers.stock);
  const leanBody = JSON.parse(answers.lean);
  assert.deepEqual(leanBody.data, stockBody.data);
  assert.equal(leanBody.data, null, "inStock is non-null, products too: nothing to keep");
  assert.deepEqual(
    leanBody.errors.map((error: { extensions: { code: string; serviceName?: string } }) => [error.extensions.code, error.extensions.serviceName]),
    [["SERVICE_UNAVAILABLE", "inventory"]],
  );
});

test("leaf values are judged as @apollo/federation-internals judges them, for every built-in scalar, an enum and a custom scalar", () => {
  const schema = buildSchema(`enum Kind { BOOK GADGET } scalar JSON type Query { a: Int b: Float c: String d: Boolean e: ID f: Kind g: JSON }`);
  const values = [true, false, 0, -0, 7, -7, 1.5, 2 ** 31, 1e20, 1e21, -1e21, 123456789012345680000, NaN, Infinity, -Infinity, "", "x", "1", "BOOK", "book", {}, [], undefined];
  for (const name of ["Int", "Float", "String", "Boolean", "ID", "Kind", "JSON"]) {
    const type = schema.type(name) as ScalarType | EnumType;
    const check = leafCheck(schema, type);
    for (const value of values) assert.equal(check(value), isValidLeafValue(schema, value, type), `${name} ${String(value)}`);
  }
});

test("each distinct representation is sent once per fetch, and answers stay the same bytes", async () => {
  const query = `{ products { id reviews { id author { id name } } } items { id ... on Product { reviews { author { name } } } } }`;
  for (const side of Object.values(sent)) Object.assign(side, { representations: 0, repeats: 0 });
  const answers = await both(query);
  assert.equal(answers.lean, answers.stock);
  assert.ok(sent.stock.repeats > 0, "the stock gateway repeats entities within a fetch on this query");
  assert.equal(sent.lean.repeats, 0);
  assert.equal(sent.lean.representations, sent.stock.representations - sent.stock.repeats);
});

test("an answer with errors to the distinct representations is asked again as the stock gateway asks it, so its errors stay the stock gateway's", async () => {
  const query = `{ products { id reviews { author { email } } } }`;
  for (const side of Object.values(sent)) Object.assign(side, { representations: 0, repeats: 0 });
  const answers = await both(query);
  assert.equal(answers.lean, answers.stock);
  assert.ok(JSON.parse(answers.lean).errors.length > 1, "the users subgraph fails some authors' email");
  assert.ok(sent.stock.repeats > 0, "the stock gateway repeats authors within the fetch");
  // The users fetch twice: once with each author once (answered with errors), then as the stock gateway sends it.
  assert.equal(sent.lean.repeats, sent.stock.repeats);
  assert.ok(sent.lean.representations > sent.stock.representations, "the distinct authors were sent first");
});
