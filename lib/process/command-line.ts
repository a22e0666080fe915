import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * A command's arguments (`parseArgs`, strict), read before it does anything: `--help` (or `-h`) prints
 * `usage` and exits 0; an option it does not know, a positional it does not take or an option missing
 * its value prints what is wrong and the usage and exits 2.
 */
export function readCommandLine<T extends Omit<ParseArgsConfig, "args" | "strict">>(usage: string, config: T = {} as T, args = process.argv.slice(2)): ReturnType<typeof parseArgs<T>> {
  const withHelp = { ...config, args, strict: true, options: { ...config.options, help: { type: "boolean", short: "h" } } } as T;
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(withHelp);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
