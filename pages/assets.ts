import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import type { RequestHandler } from "express";
import { scriptPageHeaders } from "./script-page.js";

/** What `npm run build:pages` writes and the platform serves under `/pages/` (`dist/pages/dist/` once compiled). */
export const PAGES_OUT_DIR = new URL("./dist/", import.meta.url);
/** Written last by a build: its time is the build's. */
export const BUILT_STAMP = "built";

/**
 * From the TypeScript sources (development, the tests) the pages are built here when missing or older
 * than their sources; compiled, they are what `npm run build` built, and esbuild is never loaded.
 */
const FROM_SOURCES = import.meta.url.endsWith(".ts");

const mtime = (url: URL) => stat(url).then((found) => found.mtimeMs, () => 0);

/** Files outside `pages/browser/` that a bundle includes: the design renderer the editor draws with, and what it imports. */
const SHARED_SOURCES = ["../subgraphs/designs/domain/render/page-svg.ts", "../lib/html-page.ts"].map((path) => new URL(path, import.meta.url));

/** The latest change to what a build reads: the pages' sources, the build itself, the installed packages. */
async function sourcesChanged(): Promise<number> {
  const browser = new URL("./browser/", import.meta.url);
  const sources = (await readdir(browser, { recursive: true })).map((file) => new URL(file, browser));
  const times = await Promise.all([...sources, ...SHARED_SOURCES, new URL("./build.ts", import.meta.url), new URL("../node_modules/.package-lock.json", import.meta.url)].map(mtime));
  return Math.max(...times);
}

let building: Promise<void> | undefined;

/** The time of a build as new as the sources (building one first if needed). */
async function freshBuild(): Promise<number> {
  const built = await mtime(new URL(BUILT_STAMP, PAGES_OUT_DIR));
  if (built >= (await sourcesChanged())) return built;
  // A path the compiler does not follow: the compiled platform has no build module and never loads esbuild.
  building ??= import(new URL("./build.ts", import.meta.url).href)
    .then(({ buildPages }: { buildPages: () => Promise<void> }) => buildPages())
    .finally(() => (building = undefined));
  await building;
  return mtime(new URL(BUILT_STAMP, PAGES_OUT_DIR));
}

const kept = new Map<string, { built: number; body: Buffer }>();

/**
 * `/pages/<file>` from the pages' build output, with a bundled page's headers. Compiled, a missing file
 * stops the platform at start (`npm run build` builds the pages); from the sources it is built on first need.
 */
export function pageAsset(file: string): RequestHandler {
  if (!FROM_SOURCES && !existsSync(new URL(file, PAGES_OUT_DIR))) throw new Error(`${new URL(file, PAGES_OUT_DIR).pathname} is missing: \`npm run build\` builds the pages`);
  const type = file.endsWith(".css") ? "text/css" : "text/javascript";
  return async (_req, res, next) => {
    try {
      const built = FROM_SOURCES ? await freshBuild() : 0;
      let asset = kept.get(file);
      if (asset?.built !== built) kept.set(file, (asset = { built, body: await readFile(new URL(file, PAGES_OUT_DIR)) }));
      res.set(scriptPageHeaders()).type(type).send(asset.body);
    } catch (error) {
      next(error);
    }
  };
}
