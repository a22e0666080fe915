// Loaded with `--import` into a process: importing any package named in REFUSED_PACKAGES (comma-separated)
// fails, as it would where the package is not installed (a production install without devDependencies).
import { registerHooks } from "node:module";

const refused = new Set((process.env.REFUSED_PACKAGES ?? "").split(",").filter(Boolean));
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (refused.has(packageOf(specifier))) throw Object.assign(new Error(`Cannot find package '${specifier}' (refused: not installed in production)`), { code: "ERR_MODULE_NOT_FOUND" });
    return nextResolve(specifier, context);
  },
});
