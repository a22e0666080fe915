/**
 * For a process a test starts (see `recordLoadedModules` in testing/footprint.ts): every module the process
 * resolves, imports and `require` alike, is written to `LOADED_MODULES_FILE`, one URL a line, when it exits.
 */
import { writeFileSync } from "node:fs";
import module from "node:module";

const file = process.env.LOADED_MODULES_FILE;
if (file && typeof module.registerHooks === "function") {
  const loaded = new Set<string>();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      loaded.add(resolved.url);
      return resolved;
    },
  });
  process.on("exit", () => writeFileSync(file, [...loaded].join("\n")));
}
