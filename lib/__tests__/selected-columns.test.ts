// @tier unit
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildSchema, execute, parse, type GraphQLObjectType, type GraphQLResolveInfo } from "graphql";
import { modelColumns, selectedColumns, type ColumnSelection } from "../graphql/selected-columns.js";

const schema = buildSchema(`
  type Query { books: [Book!]! }
  type Book { id: Int! title: String! summary: String authorId: Int author: Author shelfLabel: String computed: String }
  type Author { id: Int! }
`);
const BOOK = modelColumns({ id: "id", title: "title", summary: "summary", authorId: "authorId", secret: "secret" }, { author: ["authorId"] });
const book = schema.getType("Book") as GraphQLObjectType;
// Resolvers of their own: `author` (declared: reads authorId) and `shelfLabel` (not declared: its reads are unknown).
book.getFields().author.resolve = (row) => ({ id: row.authorId });
book.getFields().shelfLabel.resolve = (row) => `${row.title} / ${row.summary}`;

/** What `selectedColumns` answers for the list field of `query`, and the `info` it was given. */
function selectionFor(query: string): { answer: ColumnSelection | undefined; info: GraphQLResolveInfo } {
  let seen: { answer: ColumnSelection | undefined; info: GraphQLResolveInfo } | undefined;
  const document = parse(query);
  const rootValue = { books: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => ((seen = { answer: selectedColumns(info, BOOK), info }), []) };
  execute({ schema, document, rootValue });
  return seen!;
}

test("the columns of the selected fields, the key always, declared reads of fields with resolvers", () => {
  assert.deepEqual(selectionFor(`{ books { title author { id } __typename } }`).answer, { select: { authorId: true, id: true, title: true }, key: "authorId,id,title" });
});

test("fields through named and inline fragments, each fragment once", () => {
  const { answer } = selectionFor(`{ books { ...A ... on Book { summary ...A } } } fragment A on Book { title }`);
  assert.deepEqual(answer?.select, { id: true, summary: true, title: true });
});

test("every column (no selection) when a selected field has a resolver whose reads are not declared, or is no column", () => {
  assert.equal(selectionFor(`{ books { title shelfLabel } }`).answer, undefined);
  assert.equal(selectionFor(`{ books { computed } }`).answer, undefined);
  assert.equal(selectionFor(`{ books { ... on Book { shelfLabel } } }`).answer, undefined);
});

test("the answer is kept per field node of a parsed query, and worked out again for another query", () => {
  const document = parse(`{ books { title } }`);
  const answers: (ColumnSelection | undefined)[] = [];
  const rootValue = { books: (_a: unknown, _c: unknown, info: GraphQLResolveInfo) => (answers.push(selectedColumns(info, BOOK)), []) };
  execute({ schema, document, rootValue });
  execute({ schema, document, rootValue });
  assert.equal(answers[0], answers[1], "same node: the same answer object");
  assert.notEqual(selectionFor(`{ books { title } }`).answer, answers[0]);
  assert.deepEqual(selectionFor(`{ books { title } }`).answer, answers[0]);
});
