import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { print } from "graphql";
import { composeSupergraph } from "../gateway/compose.js";
import type { DomainManifest } from "../lib/modules/domain-manifest.js";

/**
 * Composing the fifteen domains took 1.6–2 s of every platform a test booted. A composition depends only
 * on the domains' schemas: it is made once per set of schemas (kept beside the migrated database
 * templates) with stand-in URLs, and each platform gets it with its own subgraphs' URLs put in.
 */
const CACHE = fileURLToPath(new URL("../node_modules/.cache/platform-test-templates", import.meta.url));
const standIn = (name: string) => `http://${name}.subgraph.invalid/graphql`;
const composed = new Map<string, Promise<string>>();

function schemasHash(domains: readonly DomainManifest[]): string {
  const hash = createHash("sha256");
  for (const domain of domains) hash.update(`${domain.name}\n${print(domain.typeDefs)}\n`);
  return hash.digest("hex").slice(0, 16);
}

async function composeOnce(domains: readonly DomainManifest[], key: string): Promise<string> {
  const file = path.join(CACHE, `supergraph-${key}.graphql`);
  const kept = await readFile(file, "utf8").catch(() => undefined);
  if (kept) return kept;
  const sdl = await composeSupergraph(domains, Object.fromEntries(domains.map((domain) => [domain.name, standIn(domain.name)])));
  await mkdir(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, sdl);
  await rename(partial, file);
  return sdl;
}

/** `composeSupergraph`, answered from a composition of the same schemas made earlier (this run or before). */
export async function cachedComposition(domains: readonly DomainManifest[], urls: Record<string, string>): Promise<string> {
  const key = schemasHash(domains);
  if (!composed.has(key)) composed.set(key, composeOnce(domains, key));
  let sdl = await composed.get(key)!;
  for (const domain of domains) sdl = sdl.replace(`"${standIn(domain.name)}"`, () => JSON.stringify(urls[domain.name]));
  return sdl;
}
