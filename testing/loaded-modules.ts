/**
 * For a process a test starts, with `NODE_OPTIONS=--import <this file>` and `LOADED_MODULES_FILE`: every
 * module the process resolves (imports and `require` alike) is written to that file, one URL a line,
 * when the process exits. What a process loads shows what it costs, which its memory alone does not say.
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.LOADED_MODULES_FILE;
if (file) {
  const loaded = new Set<string>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      loaded.add(resolved.url);
      return resolved;
    },
  });
  process.on("exit", () => writeFileSync(file, [...loaded].join("\n")));
}

/** The npm packages among `urls` (`@scope/name` or `name`), each once. */
export function packagesOf(urls: readonly string[]): string[] {
  const names = urls.flatMap((url) => {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url.slice(url.lastIndexOf("/node_modules/")));
    return match ? [match[1]] : [];
  });
  return [...new Set(names)].sort();
}
