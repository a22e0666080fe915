// The files the compiled platform reads at run time besides its JavaScript: GraphQL schemas, the
// committed SQL migrations, worker-thread scripts, the pages' build. Plain JavaScript: the build needs no TypeScript loader.
import { cpSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "dist");
const SOURCE_DIRS = ["lib", "subgraphs", "gateway", "rest-adapter", "workers", "platform"];
const ASSET = /\.(graphql|mjs|html|css|svg|png|json)$/;
const SKIPPED = new Set(["__tests__", "__generated__", "node_modules"]);

function copyAssets(dir) {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) copyAssets(relative);
    } else if (ASSET.test(entry.name)) {
      cpSync(path.join(ROOT, relative), path.join(OUT, relative));
    }
  }
}

for (const dir of SOURCE_DIRS) copyAssets(dir);
rmSync(path.join(OUT, "prisma", "migrations"), { recursive: true, force: true });
cpSync(path.join(ROOT, "prisma", "migrations"), path.join(OUT, "prisma", "migrations"), { recursive: true });
cpSync(path.join(ROOT, "pages", "dist"), path.join(OUT, "pages", "dist"), { recursive: true });
console.log(`copied run-time assets into ${path.relative(process.cwd(), OUT) || "."} (${statSync(OUT).isDirectory() ? "ok" : "missing"})`);
