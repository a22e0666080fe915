// @tier unit
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { withStatementParsersOnce } from "../db/pglite-parsers.js";

/** Every type the Prisma adapter parses its own way, alone and as arrays, and some it leaves to PGlite. */
/**
 * Every type the Prisma adapter parses its own way, alone and as the arrays it reads (it refuses the
 * others), and some it leaves to PGlite. \`json[]\` keeps PGlite's element parser: its elements are objects.
 */
const EVERY_KIND = `SELECT
  9007199254740993::int8 AS big, 12.50::numeric AS amount, '12:30:00'::time AS at, '12:30:00+02'::timetz AS attz,
  '2026-11-28'::date AS day, ARRAY['2026-11-28'::date] AS days,
  '2026-11-28 10:00:00'::timestamp AS stamp, ARRAY['2026-11-28 10:00:00'::timestamp] AS stamps,
  '2026-11-28 10:00:00+00'::timestamptz AS stamptz, 12.5::money AS price,
  '{"a": [1, 2]}'::json AS doc, ARRAY['{"a": 1}'::json] AS docs, '{"b": true}'::jsonb AS docb, ARRAY['{"b": 1}'::jsonb] AS docbs,
  '\\x0102ff'::bytea AS bytes, ARRAY['\\x01'::bytea] AS byteses,
  42::int4 AS small, ARRAY[1, 2]::int4[] AS smalls, true AS yes, 'text'::text AS words, ARRAY['a', 'b']::text[] AS wordses`;

const statement = { sql: EVERY_KIND, args: [], argTypes: [] };
let plain: PGlite;
let once: PGlite;
before(async () => {
  [plain, once] = await Promise.all([PGlite.create(), PGlite.create()]);
});
after(async () => {
  await Promise.all([plain.close(), once.close()]);
});

describe("the adapter's parsers taken into PGlite once", () => {
  test("every value reads exactly as it does with the parsers spread on each statement, in and out of transactions", async () => {
    const expected = await (await new PrismaPGlite(plain).connect()).queryRaw(statement as never);
    const adapter = await new PrismaPGlite(await withStatementParsersOnce(once)).connect();
    for (let run = 0; run < 3; run++) assert.deepEqual(await adapter.queryRaw(statement as never), expected);
    const transaction = await adapter.startTransaction();
    assert.deepEqual(await transaction.queryRaw(statement as never), expected);
    await transaction.commit();
    const [big, , , , , , , , , , doc, docs] = expected.rows[0] as unknown[];
    assert.equal(big, "9007199254740993", "an int8 reads as the adapter's text");
    assert.equal(doc, '{"a": [1, 2]}', "json reads as the adapter's text");
    assert.deepEqual(docs, [{ a: 1 }], "json[] elements read with PGlite's own parser");
  });

  test("the statements reach PGlite without parsers of their own, and another set of parsers is refused", async () => {
    const given: unknown[] = [];
    const spy = new Proxy(once, {
      get: (target, property) => (property === "query" ? (sql: string, params: unknown[], options: unknown) => (given.push(options), target.query(sql, params, options as never)) : Reflect.get(target, property, target)),
    });
    const adapter = await new PrismaPGlite(await withStatementParsersOnce(spy)).connect();
    await adapter.queryRaw(statement as never);
    await adapter.queryRaw(statement as never);
    assert.ok(given.length >= 2 && given.slice(-2).every((options) => options !== undefined && !("parsers" in (options as object))));
    const wrapped = await withStatementParsersOnce(once);
    await wrapped.query("SELECT 1", [], { parsers: { 20: (value: string) => value } });
    await assert.rejects(wrapped.query("SELECT 1", [], { parsers: { 20: (value: string) => Number(value) } }), /another set of parsers/);
  });
});
