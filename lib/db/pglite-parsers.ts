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
  // `query` and `transaction` are read on every statement: their wrappers are made once per instance or transaction.
  const statementsOf = <T extends { query: Function; transaction?: Function }>(target: T): T => {
    const query = async (sql: string, params?: unknown[], options?: StatementOptions) => target.query(sql, params, withoutParsers(options));
    const transaction = (run: (tx: PGlite) => Promise<unknown>) => target.transaction!((tx: PGlite) => run(statementsOf(tx)));
    return new Proxy(target, {
      get(object, property) {
        if (property === "query") return query;
        if (property === "transaction") return transaction;
        const value = Reflect.get(object, property, object);
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  };
  return statementsOf(pglite);
}
