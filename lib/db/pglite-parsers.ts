import { types, type PGlite } from "@electric-sql/pglite";

type Parser = (value: string, typeId?: number) => unknown;
type Parsers = Record<number, Parser>;
interface StatementOptions {
  parsers?: Parsers;
  [option: string]: unknown;
}

/**
 * PGlite spreads a statement's own `parsers` over its instance's (one per type and array type, about 320)
 * on every statement: 85 µs of a 150 µs statement, and most of the memory a request allocates. The
 * Prisma adapter passes the same parsers object with every statement, so the PGlite given to it here
 * takes them into its instance once, at the first statement, and runs each statement without them.
 *
 * The result is the spread's, key for key: an array type's instance parser reads its element's parser
 * from the instance when it runs, so where the statement parsers change an element type but not its
 * array type, the array keeps the default element parser it had under the spread.
 *
 * The instance is the adapter's alone from here on; statements with other parsers are refused.
 */
export async function withStatementParsersOnce(pglite: PGlite): Promise<PGlite> {
  const arrays = (await pglite.query<{ element: number; array: number }>("SELECT oid::int AS element, typarray::int AS array FROM pg_type WHERE typarray <> 0")).rows;
  const instance = pglite.parsers as Parsers;
  const defaults: Parsers = { ...instance };
  let taken: Parsers | undefined;

  const take = (parsers: Parsers) => {
    for (const [type, parser] of Object.entries(parsers)) instance[Number(type)] = parser;
    for (const { element, array } of arrays) {
      if (element in parsers && !(array in parsers)) instance[array] = (value) => types.arrayParser(value, defaults[element], array);
    }
    taken = parsers;
  };
  const withoutParsers = (options: StatementOptions | undefined) => {
    if (!options?.parsers) return options;
    if (taken === undefined) take(options.parsers);
    if (options.parsers !== taken) throw new Error("this PGlite runs the Prisma adapter's statements only: another set of parsers was given");
    const { parsers: _taken, ...rest } = options;
    return rest;
  };
  const statementsOf = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object);
        if (typeof value !== "function") return value;
        if (property === "query") return async (sql: string, params?: unknown[], options?: StatementOptions) => value.call(object, sql, params, withoutParsers(options));
        if (property === "transaction") return (run: (tx: object) => Promise<unknown>) => value.call(object, (tx: object) => run(statementsOf(tx)));
        return value.bind(object);
      },
    });
  return statementsOf(pglite);
}
