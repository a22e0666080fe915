import { build } from "esbuild";

/** A page's script and stylesheet, bundled from the project's installed packages (no CDN). */
export interface PageBundle {
  js: string;
  css: string;
}

const PAGES_DIR = new URL("../../pages/", import.meta.url);
const built = new Map<string, Promise<PageBundle>>();

async function bundlePage(name: string): Promise<PageBundle> {
  const result = await build({
    entryPoints: [new URL(`${name}.tsx`, PAGES_DIR).pathname],
    bundle: true,
    minify: true,
    format: "iife",
    jsx: "automatic",
    target: "es2022",
    // With `platform: "browser"` and minifying, esbuild builds React and GraphiQL for production.
    platform: "browser",
    outdir: "out",
    write: false,
    logLevel: "silent",
  });
  const text = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? "";
  return { js: text(".js"), css: text(".css") };
}

/**
 * The page `pages/<name>.tsx` bundled with esbuild, once per process, on its first request (a second
 * or so): starting the platform stays fast, and no request after the first builds anything.
 */
export function pageBundle(name: string): Promise<PageBundle> {
  let bundle = built.get(name);
  if (!bundle) {
    bundle = bundlePage(name);
    bundle.catch(() => built.delete(name));
    built.set(name, bundle);
  }
  return bundle;
}
