import { readFile } from "node:fs/promises";
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What a process started by a test costs: its resident memory, the shared objects it maps and the
 * modules it loaded. Read from outside (`/proc/<pid>`), so the test's own process is not what is measured.
 */

const PRELOAD = fileURLToPath(new URL("./loaded-modules.ts", import.meta.url));
const ROOT = new URL("../", import.meta.url).href;

/** Whether this Node can record what a process loads (`module.registerHooks`: Node 22.15 and later). */
export const CAN_RECORD_MODULES = typeof module.registerHooks === "function";

/**
 * Libraries only some domains' own code needs (peer-to-peer, PDF and image codecs, payments, wallets, the
 * database): a process that routes or composes the graph has no reason to load any of them.
 */
export const DOMAIN_LIBRARIES = [
  "libp2p", "@libp2p/", "@chainsafe/", "@helia/", "@multiformats/", "blockstore-core",
  "multiformats", "markdown-it", "sanitize-html",
  "pdfjs-dist", "pdf-lib", "pptxgenjs", "h264-mp4-encoder", "sharp", "@img/", "@napi-rs/", "file-type", "yauzl",
  "stripe", "ox", "@node-rs/argon2",
  "@prisma/client", "@electric-sql/pglite", "pglite-prisma-adapter",
];

/** The environment that makes a started process write what it loads to `file` when it exits. */
export function recordLoadedModules(file: string): Record<string, string> {
  return { NODE_OPTIONS: `--import ${PRELOAD}`, LOADED_MODULES_FILE: file };
}

export interface LoadedModules {
  /** npm packages, `name` or `@scope/name`, each once, sorted. */
  packages: string[];
  /** The project's own files, relative to its root. */
  files: string[];
}

export async function loadedModules(file: string): Promise<LoadedModules> {
  const urls = (await readFile(file, "utf8")).split("\n").filter(Boolean);
  const packages = urls.flatMap((url) => {
    const at = url.lastIndexOf("/node_modules/");
    const name = at < 0 ? undefined : /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(at))?.[1];
    return name ? [name] : [];
  });
  const files = urls.filter((url) => url.startsWith(ROOT) && !url.includes("/node_modules/")).map((url) => path.relative(fileURLToPath(ROOT), fileURLToPath(url)));
  return { packages: [...new Set(packages)].sort(), files: [...new Set(files)].sort() };
}

/** The domain libraries among `packages`. */
export const domainLibrariesIn = (packages: readonly string[]): string[] =>
  packages.filter((name) => DOMAIN_LIBRARIES.some((library) => (library.endsWith("/") ? name.startsWith(library) : name === library)));

/** The process's resident memory, in bytes. */
export async function residentBytes(pid: number): Promise<number> {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/** The native addons (`.node` files) the process has mapped, relative to the `node_modules` holding them. */
export async function mappedAddons(pid: number): Promise<string[]> {
  const files = (await readFile(`/proc/${pid}/maps`, "utf8")).split("\n").map((line) => line.trim().split(/\s+/)[5] ?? "");
  return [...new Set(files.filter((file) => file.endsWith(".node")).map((file) => file.slice(file.lastIndexOf("/node_modules/") + "/node_modules/".length)))].sort();
}
