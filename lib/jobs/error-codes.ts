/**
 * One job kind's failure codes, as its operation documents them: every code a failed job of the kind
 * may show, the code of a failure no rule foresaw (a bug, a dependency that kept failing, workers that
 * kept dying), and the code of each failure the domain's rules name.
 */
export interface JobErrorCodes<Code extends string = string, Failure extends string = string> {
  /** The operation's documented enum, in its order. */
  documented: readonly Code[];
  unexpected: Code;
  failures: Readonly<Record<Failure, Code>>;
}

/** A kind's table; every code it names must be one of `documented` (checked by the compiler). */
export function jobErrorCodes<const Code extends string, Failure extends string>(table: JobErrorCodes<Code, Failure>): JobErrorCodes<Code, Failure> {
  return table;
}

/**
 * The code a failed job of a kind with `table` records: `code` when the kind documents it, else the
 * kind's code for the unforeseen. A kind without a table (not one of a platform's documented jobs)
 * keeps `code` as it is.
 */
export function documentedJobCode(table: JobErrorCodes | undefined, code: string): string {
  if (!table || (table.documented as readonly string[]).includes(code)) return code;
  return table.unexpected;
}

/** The code of a failure no rule foresaw, for a kind with `table` (`internal_failure` for a kind without one). */
export const unexpectedJobCode = (table: JobErrorCodes | undefined): string => table?.unexpected ?? "internal_failure";
