// @tier unit
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import express from "express";
import { ApolloServer } from "@apollo/server";
import { graphqlHandler } from "../graphql/http-handler.js";
import { listen, type RunningServer } from "../http.js";

let apollo: ApolloServer<{ caller?: string }>;
let running: RunningServer;

before(async () => {
  apollo = new ApolloServer<{ caller?: string }>({
    typeDefs: `type Query { hello(name: String): String! caller: String }`,
    resolvers: { Query: { hello: (_: unknown, { name }: { name?: string }) => `hello ${name ?? "world"}`, caller: (_: unknown, __: unknown, context: { caller?: string }) => context.caller ?? null } },
  });
  await apollo.start();
  const app = express();
  app.use("/graphql", express.json(), graphqlHandler(apollo, async ({ req }) => ({ caller: req.headers.authorization })));
  running = await listen(app, 0, "127.0.0.1");
});
after(async () => {
  await running?.close();
  await apollo?.stop();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${running.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

test("an answer is written whole: Apollo's status, headers and bytes, a Content-Length, no ETag to hash it for", async () => {
  const response = await post({ query: "{ hello caller }" }, { authorization: "Bearer abc" });
  const text = await response.text();
  assert.equal(response.status, 200);
  assert.equal(text, `{"data":{"hello":"hello world","caller":"Bearer abc"}}\n`);
  assert.equal(response.headers.get("content-length"), String(Buffer.byteLength(text)));
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(response.headers.get("etag"), null);
});

test("a GET query reaches Apollo with its search string (variables included); a query it refuses keeps Apollo's status", async () => {
  const search = new URLSearchParams({ query: "query($n: String) { hello(name: $n) }", variables: JSON.stringify({ n: "you" }) });
  const response = await fetch(`${running.url}/graphql?${search}`, { headers: { "apollo-require-preflight": "1" } });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { data: { hello: "hello you" } });
  const invalid = await post({ query: "{ nothing }" });
  assert.equal(invalid.status, 400);
  assert.equal((await invalid.json()).errors[0].extensions.code, "GRAPHQL_VALIDATION_FAILED");
});
