import { mkdir, rename, writeFile } from "node:fs/promises";
import { build } from "esbuild";
import { BUILT_STAMP, PAGES_OUT_DIR } from "./assets.js";

/** The pages bundled for the browser: each source under `pages/browser/` becomes `<name>.js` (and `<name>.css`). */
const ENTRIES: Record<string, string> = {
  explorer: "explorer.tsx",
  console: "console.tsx",
  "api-docs": "api-docs.tsx",
  editor: "editor/main.ts",
  "signed-in": "signed-in.ts",
};
const SOURCE_DIR = new URL("./browser/", import.meta.url);

/** Written beside its final name, then renamed: a process serving the folder never reads half a file. */
async function writeAtomically(name: string, contents: string | Uint8Array): Promise<void> {
  const target = new URL(name, PAGES_OUT_DIR);
  const partial = new URL(`${name}.${process.pid}.partial`, PAGES_OUT_DIR);
  await writeFile(partial, contents);
  await rename(partial, target);
}

async function bundleBrowserPages(): Promise<void> {
  const result = await build({
    entryPoints: Object.entries(ENTRIES).map(([name, source]) => ({ in: new URL(source, SOURCE_DIR).pathname, out: name })),
    bundle: true,
    minify: true,
    format: "iife",
    jsx: "automatic",
    target: "es2022",
    // With `platform: "browser"` and minifying, esbuild builds React and GraphiQL for production.
    platform: "browser",
    outdir: PAGES_OUT_DIR.pathname,
    write: false,
    logLevel: "silent",
  });
  for (const file of result.outputFiles) await writeAtomically(file.path.slice(PAGES_OUT_DIR.pathname.length), file.contents);
}

/**
 * Everything the platform serves under `/pages/` into `pages/dist/`, from the installed packages (no
 * CDN): the explorer, the job console, the API docs (Swagger UI) and the design editor bundled with esbuild. The stamp is written
 * last, so it is only ever newer than a complete build.
 */
export async function buildPages(): Promise<void> {
  await mkdir(PAGES_OUT_DIR, { recursive: true });
  await bundleBrowserPages();
  await writeAtomically(BUILT_STAMP, `${new Date().toISOString()}\n`);
}
